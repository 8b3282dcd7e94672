/** The splash never stays longer than this. */
export const SPLASH_TIMEOUT_MS = 2000;

/** Resolves when the image has loaded or failed, whichever comes first. */
function settled(img: HTMLImageElement): Promise<void> {
  if (img.complete) return Promise.resolve();
  return new Promise((resolve) => {
    img.addEventListener('load', () => resolve(), { once: true });
    img.addEventListener('error', () => resolve(), { once: true });
  });
}

/** Waits for the page's first N images (forcing them to load), then hides the splash. */
export function runSplash(doc: Document = document): void {
  const root = doc.documentElement;
  const splash = doc.querySelector<HTMLElement>('[data-splash-loader]');
  if (!splash || !root.classList.contains('splash-on')) return;

  const count = Number(splash.dataset['images'] ?? 0);
  const images = [...doc.querySelectorAll<HTMLImageElement>('main img')].slice(0, count);
  for (const img of images) img.loading = 'eager';

  const hide = () => root.classList.add('splash-done');
  const timeout = new Promise<void>((resolve) => setTimeout(resolve, SPLASH_TIMEOUT_MS));
  void Promise.race([Promise.all(images.map(settled)), timeout]).then(hide);
}
