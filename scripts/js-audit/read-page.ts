/**
 * A full read of one page in a browser, as `npm run audit:js` counts it: a first visit (a fresh
 * context, nothing cached), loaded, scrolled to the bottom at a reader's pace, then left until the
 * network goes quiet. Whatever loads on the way counts: islands that hydrate when visible, the
 * footer's form script, chunks they import, and every inline script of the page and its frames.
 *
 * A reader's pace: three quarters of the window every 250 ms, so each part of the page is on
 * screen long enough for what watches for it (IntersectionObserver) to start loading, as it would
 * for a person, without a minute per page. Navigations away from the page are not followed (the
 * 404 page sends people home, the admin guard to /login): each page is measured alone.
 */
import type { Browser } from '@playwright/test';
import { gzipSize, isJavaScriptType, type PageCost } from './budgets.ts';

const STEP_OF_VIEWPORT = 0.75;
const PAUSE_MS = 250;
/** Longest read of one page (a page that keeps growing, or one whose scrolling stays locked). */
const READ_LIMIT_MS = 30_000;
/** The network counts as quiet after this long without a request in flight. */
const QUIET_MS = 500;
const QUIET_LIMIT_MS = 10_000;

export async function readPage(browser: Browser, origin: string, route: string): Promise<PageCost> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const page = await context.newPage();
    const files = new Map<string, number>();
    const bodies: Promise<void>[] = [];
    let inFlight = 0;
    let lastActivity = Date.now();
    const settle = () => {
      inFlight -= 1;
      lastActivity = Date.now();
    };
    page.on('request', () => {
      inFlight += 1;
      lastActivity = Date.now();
    });
    page.on('requestfinished', settle);
    page.on('requestfailed', settle);
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return;
      bodies.push(
        response.body().then(
          (body) => void files.set(response.url(), gzipSize(body)),
          () => undefined, // no body (a redirect): nothing was run
        ),
      );
    });

    let opened = false;
    await page.route('**/*', (intercepted) => {
      const request = intercepted.request();
      if (request.isNavigationRequest() && request.frame() === page.mainFrame()) {
        if (opened) return intercepted.abort('aborted');
        opened = true;
      }
      return intercepted.continue();
    });

    // Loaded: its load event, or (a page that tried to leave) as far as it gets in the time.
    await page.goto(new URL(route, origin).href, { waitUntil: 'commit', timeout: 60_000 });
    await page
      .waitForFunction(() => document.readyState === 'complete', null, { timeout: 30_000 })
      .catch(() => undefined);
    await page.evaluate(
      async ({ step, pause, limit }) => {
        const until = Date.now() + limit;
        const root = document.documentElement;
        while (Date.now() < until) {
          window.scrollBy({ top: innerHeight * step, behavior: 'instant' });
          await new Promise((resolve) => setTimeout(resolve, pause));
          if (scrollY + innerHeight >= root.scrollHeight - 1) return;
        }
      },
      { step: STEP_OF_VIEWPORT, pause: PAUSE_MS, limit: READ_LIMIT_MS },
    );
    const quietBy = Date.now() + QUIET_LIMIT_MS;
    while (Date.now() < quietBy && (inFlight > 0 || Date.now() - lastActivity < QUIET_MS)) {
      await page.waitForTimeout(100);
    }
    await Promise.all(bodies);

    const inline: number[] = [];
    for (const frame of page.frames()) {
      const scripts = await frame
        .evaluate(() => [...document.scripts].filter((s) => !s.src).map((s) => [s.type, s.text]))
        .catch(() => []); // a frame that went away meanwhile
      for (const [type = '', text = ''] of scripts) {
        if (isJavaScriptType(type) && text.trim()) inline.push(gzipSize(text));
      }
    }
    return { route, files, inline };
  } finally {
    await context.close();
  }
}
