/** The splash never stays longer than this. */
export const SPLASH_TIMEOUT_MS = 2000;
/** When the page's first script hides the splash if this module never ran (BaseLayout.astro). */
export const SPLASH_FALLBACK_MS = SPLASH_TIMEOUT_MS + 400;
/** How long the splash takes to fade out (its CSS transition), plus a margin. */
const FADE_MS = 400;

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

  // Fading is an opacity transition (the compositor's work alone); once faded the splash leaves
  // the document, so it neither covers the page nor asks for frames any more.
  const hide = () => {
    root.classList.add('splash-done');
    setTimeout(() => splash.remove(), FADE_MS);
  };
  const timeout = new Promise<void>((resolve) => setTimeout(resolve, SPLASH_TIMEOUT_MS));
  void Promise.race([Promise.all(images.map(settled)), timeout]).then(hide);
}
