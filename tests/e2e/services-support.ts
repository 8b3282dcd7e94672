import { expect, type Locator, type Page } from '@playwright/test';
import { waitForSplash } from './support';

/** Opens a service page and waits until no splash covers it. */
export async function openPage(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await waitForSplash(page);
}

/** Records every request to a host other than the page's own; the array fills as the page runs. */
export function otherHostRequests(page: Page): string[] {
  const others: string[] = [];
  page.on('request', (request) => {
    const { hostname, protocol } = new URL(request.url());
    if (!['data:', 'blob:', 'about:'].includes(protocol) && hostname !== 'localhost') {
      others.push(request.url());
    }
  });
  return others;
}

/** Waits until the frame has loaded its document and its height is the content's plus `pad`. */
export async function expectSizedToContent(frame: Locator, pad = 0): Promise<void> {
  await expect(frame).toHaveAttribute('src', /^\/infographics\/[a-z-]+\/[a-z-]+\/$/);
  await expect
    .poll(() =>
      frame.evaluate((element: HTMLIFrameElement) => {
        const main = element.contentDocument?.querySelector('main');
        if (!main) return Number.NaN;
        return Math.abs(element.offsetHeight - Math.ceil(main.getBoundingClientRect().height));
      }),
    )
    .toBeLessThanOrEqual(pad + 1);
  const gap = await frame.evaluate((element: HTMLIFrameElement) => {
    const main = element.contentDocument?.querySelector('main');
    return element.offsetHeight - (main?.getBoundingClientRect().height ?? 0);
  });
  expect(gap).toBeGreaterThanOrEqual(pad - 1);
}

/** Frames that have been given a document to load. */
export function loadedFrames(scope: Page | Locator): Locator {
  return scope.locator('iframe[src]');
}

/** Scrolls every element into view in turn, so that scroll-revealed cards are all shown. */
export async function revealAll(elements: Locator): Promise<void> {
  for (const element of await elements.all()) {
    await element.scrollIntoViewIfNeeded();
    await expect(element).toHaveAttribute('data-revealed', '');
  }
  await expect(elements.last()).toHaveCSS('opacity', '1');
}
