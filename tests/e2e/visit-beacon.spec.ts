/**
 * The visit beacon as a visitor's browser runs it: one page view sent per page, with the right
 * body, in every language; the referrer's host and the landing URL's campaign; never on the
 * office's pages; nothing stored on the device and no request to another host. The enquiry
 * wizard reports its first step through the same endpoint.
 */
import { expect, test, type Page, type Request } from '@playwright/test';
import { otherHostRequests } from './services-support.ts';

const PAGEVIEW = '/api/pageview';

/** Every beacon the page sends, as parsed bodies, in order. */
function beacons(page: Page): Record<string, unknown>[] {
  const sent: Record<string, unknown>[] = [];
  page.on('request', (request: Request) => {
    if (new URL(request.url()).pathname === PAGEVIEW && request.method() === 'POST') {
      sent.push(JSON.parse(request.postData() ?? 'null') as Record<string, unknown>);
    }
  });
  return sent;
}

/** Waits until the page has loaded and its main thread has had two idle periods. */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('load');
  for (let i = 0; i < 2; i++) {
    await page.evaluate(() => new Promise((done) => requestIdleCallback(() => done(null))));
  }
}

const device = (page: Page) => ((page.viewportSize()?.width ?? 1280) < 640 ? 'mobile' : 'desktop');

test('sends one page view per page, in each language, and stores nothing on the device', async ({
  page,
  context,
}) => {
  const sent = beacons(page);
  const others = otherHostRequests(page);
  const pages = [
    { path: '/about', lang: 'en' },
    { path: '/ml/about', lang: 'ml' },
    { path: '/ar/about', lang: 'ar' },
  ];
  for (const [index, { path, lang }] of pages.entries()) {
    const answered = page.waitForResponse((response) => response.url().endsWith(PAGEVIEW));
    await page.goto(path);
    expect((await answered).status()).toBe(202);
    await settle(page);
    // One for this page, and the page left before it sent no second on `pagehide`.
    expect(sent).toHaveLength(index + 1);
    expect(sent[index]).toEqual({ path: new URL(page.url()).pathname, lang, device: device(page) });
  }
  await page.goto('about:blank');
  expect(sent).toHaveLength(3);
  expect(await context.cookies()).toEqual([]);
  await page.goto('/privacy-policy');
  await settle(page);
  expect(
    await page.evaluate(() => [document.cookie, localStorage.length, sessionStorage.length]),
  ).toEqual(['', 0, 0]);
  expect(others).toEqual([]);
});

test("sends the referrer's host and the landing URL's campaign, and no referrer of the site's own", async ({
  page,
}) => {
  const sent = beacons(page);
  await page.goto(
    '/renewable-energy?utm_source=newsletter&utm_medium=email&utm_campaign=solar-2026&x=1',
    {
      referer: 'https://search.example/results?q=biogas',
    },
  );
  await settle(page);
  expect(sent[0]).toMatchObject({
    path: new URL(page.url()).pathname,
    lang: 'en',
    ref: 'search.example',
    utm: { source: 'newsletter', medium: 'email', campaign: 'solar-2026' },
  });
  await page.goto('/careers', { referer: new URL('/renewable-energy', page.url()).href });
  await settle(page);
  const view = sent.find((body) => String(body['path']).startsWith('/careers'));
  expect(view).toBeDefined();
  expect(view).not.toHaveProperty('ref');
  expect(view).not.toHaveProperty('utm');
});

test('is not on the sign-in page', async ({ page }) => {
  const sent = beacons(page);
  await page.goto('/login');
  await settle(page);
  await page.goto('about:blank');
  expect(sent).toEqual([]);
});

test('the enquiry wizard reports each step reached, once, without a visitor key', async ({
  page,
}) => {
  const sent = beacons(page);
  const steps = () => sent.filter((body) => 'step' in body);
  await page.goto('/renewable-energy#enquiry');
  const form = page.locator('#enquiry-form');
  await form.scrollIntoViewIfNeeded();
  await expect(form).toHaveAttribute('novalidate', ''); // Hydrated.
  await expect.poll(steps).toEqual([{ step: '1', lang: 'en' }]);
  await form.getByLabel('Full Name').fill('E2E Funnel');
  await form.getByLabel('Email Address').fill('funnel@school.example');
  await form.getByLabel('Phone Number').fill('9876543210');
  await form.getByLabel('Country').fill('India');
  await form.getByLabel('State / Province').fill('Kerala');
  await form.getByLabel('City / Town / Village').fill('Thrissur');
  await form.getByRole('button', { name: 'Next' }).click();
  await expect.poll(steps).toEqual([
    { step: '1', lang: 'en' },
    { step: '2', lang: 'en' },
  ]);
  // Back to step 1 and on again: already reached, not reported twice.
  await form.getByRole('button', { name: /Back|Previous/ }).click();
  await form.getByRole('button', { name: 'Next' }).click();
  await settle(page);
  expect(steps()).toHaveLength(2);
});
