import { test, expect, type Page } from '@playwright/test';
import { waitForSplash, axeViolations, adminToken, stoppedClock } from './support';

const SLIDER_ISLAND = 'astro-island:has([data-slider])';
const TICKER_ISLAND = '[data-announcements] > astro-island';

/** The scripts an island hydrates with: its component and React's renderer. */
async function islandScripts(page: Page, island: string): Promise<string[]> {
  return page
    .locator(island)
    .evaluate((node) =>
      ['component-url', 'renderer-url'].map((name) => node.getAttribute(name) ?? ''),
    );
}

/** Every path the page has requested so far, kept up to date. */
function requestedPaths(page: Page): string[] {
  const paths: string[] = [];
  page.on('request', (request) => paths.push(new URL(request.url()).pathname));
  return paths;
}

test.describe('home slider', () => {
  test('has four slides, a two-digit number, and previous/next that loop', async ({ page }) => {
    await page.goto('/');
    await waitForSplash(page);
    const slider = page.locator('[data-slider]');
    await expect(slider.locator('[aria-roledescription="slide"]')).toHaveCount(4);
    const number = slider.locator('[data-slide-number]');

    // The press brings the slider to life and acts once it is ready.
    await page.getByRole('button', { name: 'Pause slideshow' }).click();
    await expect(slider).toHaveAttribute('data-hydrated', '');
    const start = Number(await number.textContent());
    await expect(number).toHaveText(/^0[1-4]$/);
    await page.getByRole('button', { name: 'Next slide' }).click();
    await expect(number).toHaveText(`0${(start % 4) + 1}`);
    await page.getByRole('button', { name: 'Previous slide' }).click();
    await page.getByRole('button', { name: 'Previous slide' }).click();
    await expect(number).toHaveText(`0${((start + 2) % 4) + 1}`);

    // Only the current slide is exposed to assistive technology, and only its link is reachable.
    await expect(slider.locator('[aria-roledescription="slide"]:not([aria-hidden])')).toHaveCount(
      1,
    );
    const links = slider.getByRole('link', { name: /^Explore: / });
    await expect(links).toHaveCount(1);
    await expect(slider.locator('.slider__link')).toHaveCount(4);
    await expect(slider.locator('[inert] .slider__link')).toHaveCount(3);
  });

  test("each slide links to its service page, in the page's language", async ({ page }) => {
    const expected = [
      ['Power from the Sun', '/renewable-energy'],
      ['Harnessing the Wind', '/renewable-energy'],
      ['Clean Water, Living Backwaters', '/liquid-waste-management'],
      ['Farms That Feed the Future', '/integrated-farming'],
    ];
    await page.goto('/');
    const hrefs = await page
      .locator('.slider__link')
      .evaluateAll((links) =>
        links.map((link) => [link.getAttribute('aria-label'), link.getAttribute('href')]),
      );
    expect(hrefs).toEqual(expected.map(([title, href]) => [`Explore: ${title}`, href]));
    await expect(page.locator('.slider__link').first()).toHaveText('Explore');
    await page.goto('/ar/');
    await expect(page.locator('.slider__link').first()).toHaveAttribute(
      'href',
      '/ar/renewable-energy',
    );
    await expect(page.locator('.slider__link').first()).toContainText('استكشف');
  });

  test('advances by itself every 5 s until paused, and plays again', async ({ page }) => {
    await page.goto('/');
    await waitForSplash(page);
    const number = page.locator('[data-slide-number]');
    await expect(number).toHaveText('02', { timeout: 7_000 });

    await page.getByRole('button', { name: 'Pause slideshow' }).click();
    await expect(page.locator('[data-slider]')).toHaveAttribute('data-hydrated', '');
    const paused = await number.textContent();
    await page.waitForTimeout(6_000);
    await expect(number).toHaveText(paused ?? '');

    await page.getByRole('button', { name: 'Play slideshow' }).click();
    await expect(number).not.toHaveText(paused ?? '', { timeout: 7_000 });
  });

  test('keeps playing while hovered (no pause on hover)', async ({ page }) => {
    await page.goto('/');
    await waitForSplash(page);
    await page.locator('.slider__text').first().hover();
    await expect(page.locator('[data-slider]')).toHaveAttribute('data-hydrated', '');
    await expect(page.locator('[data-slide-number]')).toHaveText('02', { timeout: 7_000 });
  });

  test('asks nothing of React while the page loads nor when it steps, and takes over where it is', async ({
    page,
  }) => {
    const requested = requestedPaths(page);
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    // The list the page was built with is current, as the CDN would answer.
    await page.route('**/api/announcements', (route) => route.fulfill({ status: 304 }));
    await stoppedClock(page);
    const checked = page.waitForRequest('**/api/announcements');
    await page.goto('/');
    // The freshness check asks with the version the page was built with.
    const built = await page.locator('[data-announcements]').getAttribute('data-version');
    expect(built).toMatch(/^[\w-]{22}$/);
    expect((await checked).headers()['if-none-match']).toBe(`"${built}"`);
    const slider = await islandScripts(page, SLIDER_ISLAND);
    const ticker = await islandScripts(page, TICKER_ISLAND);
    expect(slider[1]).toBe(ticker[1]); // React's renderer, shared.
    for (const script of [...slider, ...ticker]) expect(requested).not.toContain(script);

    // The first step (5 s after load) is taken without React, as the island would take it.
    const section = page.locator('[data-slider]');
    const slides = section.locator('.slider__slide');
    const number = section.locator('[data-slide-number]');
    await expect(section.getByRole('button', { name: 'Pause slideshow' })).toBeVisible();
    await page.clock.runFor(5_500);
    await expect(number).toHaveText('02');
    await expect(slides.nth(1)).toHaveAttribute('data-current', '');
    await expect(slides.nth(0)).not.toHaveAttribute('data-current');
    await expect(section.locator('[aria-roledescription="slide"]:not([aria-hidden])')).toHaveCount(
      1,
    );
    await expect(section.locator('[inert] .slider__link')).toHaveCount(3);
    await expect(section.getByRole('link', { name: 'Explore: Harnessing the Wind' })).toBeVisible();
    for (const script of [...slider, ...ticker]) expect(requested).not.toContain(script);

    // A pointer brings React, which starts at the slide shown and keeps its 5 s count.
    await page.locator('.slider__text').nth(1).hover();
    await expect.poll(() => slider.every((script) => requested.includes(script))).toBe(true);
    await expect(page.locator(SLIDER_ISLAND)).not.toHaveAttribute('ssr');
    await page.clock.runFor(1_100); // Embla starts in an idle period.
    await expect(section).toHaveAttribute('data-hydrated', '');
    // React found the page as it renders that state: no hydration mismatch, nothing redrawn.
    expect(errors).toEqual([]);
    await expect(number).toHaveText('02');
    await expect(slides.nth(1)).toHaveAttribute('data-current', '');
    await expect(section.getByRole('button', { name: 'Pause slideshow' })).toBeVisible();
    await page.clock.runFor(3_500);
    await expect(number).toHaveText('03');
    expect(requested).not.toContain(ticker[0]);
  });

  test.describe('with reduced motion', () => {
    test.use({ reducedMotion: 'reduce' });
    test('does not autoplay', async ({ page }) => {
      await page.goto('/');
      // Nothing moves by itself: the slider hydrates when a visitor reaches for it.
      await page.locator('[data-slider]').hover();
      await expect(page.locator('[data-slider]')).toHaveAttribute('data-hydrated', '');
      await expect(page.getByRole('button', { name: 'Play slideshow' })).toBeVisible();
      await page.waitForTimeout(5_800);
      await expect(page.locator('[data-slide-number]')).toHaveText('01');
    });
  });

  test.describe('hydrated when first needed', () => {
    test.use({ reducedMotion: 'reduce' });

    test('loads React only on the first pointer inside the slider', async ({ page }) => {
      const requested = requestedPaths(page);
      await page.goto('/');
      await page.waitForLoadState('networkidle');
      const slider = await islandScripts(page, SLIDER_ISLAND);
      for (const script of slider) expect(requested).not.toContain(script);
      await expect(page.locator('[data-slider]')).not.toHaveAttribute('data-hydrated');

      await page.locator('.slider__text').first().hover();
      await expect(page.locator('[data-slider]')).toHaveAttribute('data-hydrated', '');
      for (const script of slider) expect(requested).toContain(script);
    });

    test('a button pressed before the slider was ready acts once it is', async ({ page }) => {
      await page.goto('/');
      const slider = page.locator('[data-slider]');
      await expect(slider).not.toHaveAttribute('data-hydrated');
      // The press itself brings the slider to life; it steps once, not twice or never.
      await page.getByRole('button', { name: 'Next slide' }).click();
      await expect(slider.locator('[data-slide-number]')).toHaveText('02');
      await expect(slider).toHaveAttribute('data-hydrated', '');
      await page.waitForTimeout(300);
      await expect(slider.locator('[data-slide-number]')).toHaveText('02');
    });

    test('a keyboard focus brings it to life, and Play pressed before then plays', async ({
      page,
    }) => {
      await page.goto('/');
      const play = page.getByRole('button', { name: 'Play slideshow' });
      await play.focus();
      await play.press('Enter');
      await expect(page.getByRole('button', { name: 'Pause slideshow' })).toBeVisible();
      await expect(page.locator('[data-slider]')).toHaveAttribute('data-hydrated', '');
    });
  });

  test('the first slide is in the HTML before any script runs', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/');
    const first = page.locator('.slider__slide').first();
    await expect(first.locator('img')).toBeVisible();
    await expect(first.locator('h2')).toBeVisible();
    await context.close();
  });
});

test.describe('services and team', () => {
  test('six service cards link to the six service pages and fade in when scrolled to', async ({
    page,
  }) => {
    await page.goto('/');
    await waitForSplash(page);
    const cards = page.locator('#services [data-reveal]');
    await expect(cards).toHaveCount(6);
    const hrefs = await cards
      .locator('a')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    expect(hrefs.sort()).toEqual(
      [
        '/renewable-energy',
        '/hospitality',
        '/solid-waste-management',
        '/liquid-waste-management',
        '/integrated-farming',
        '/corporate-sustainability',
      ].sort(),
    );
    const last = cards.last();
    await expect(last).toHaveClass(/reveal-pending/);
    await expect(last).not.toHaveAttribute('data-revealed');
    await last.scrollIntoViewIfNeeded();
    await expect(last).toHaveAttribute('data-revealed', '');
    await expect(last).toHaveCSS('opacity', '1');
  });

  test('lists the resource persons', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('#team li')).not.toHaveCount(0);
    const first = page.locator('#team li').first();
    // The person's name heads the card, their title and what they do below it.
    await expect(first.locator('h3')).toHaveText('Anil Kumar Menon');
    await expect(first.locator('p')).toHaveText([
      'Renewable Energy Lead',
      'Solar, wind and hydro-magnetic projects',
    ]);
  });
});

test.describe('announcements strip', () => {
  // One project only: these tests change the shared announcement list.
  test.beforeEach(({}, testInfo) => {
    test.skip(testInfo.project.name !== 'desktop', 'changes shared data: desktop project only');
  });
  test.describe.configure({ mode: 'serial' });

  test('is hidden, with a logged message, when the list cannot be loaded', async ({ page }) => {
    const messages: string[] = [];
    page.on('console', (message) => messages.push(message.text()));
    await page.route('**/api/announcements', (route) => route.fulfill({ status: 503, body: '{}' }));
    await page.goto('/');
    await expect
      .poll(() => messages.some((m) => m.includes('Could not load announcements')))
      .toBe(true);
    await expect(page.locator('[data-ticker]')).toHaveCount(0);
  });

  test('is hidden when there are no announcements', async ({ page }) => {
    await page.route('**/api/announcements', (route) => route.fulfill({ json: [] }));
    const checked = page.waitForResponse('**/api/announcements');
    await page.goto('/');
    await checked;
    await page.waitForLoadState('networkidle');
    await expect(page.locator('[data-ticker]')).toHaveCount(0);
  });

  test('shows stored announcements, duplicated for the loop, with "#" for a missing link', async ({
    page,
    request,
  }, testInfo) => {
    // axe and the data round trips take long on a busy machine.
    test.slow();
    const token = await adminToken(request);
    const headers = { Authorization: `Bearer ${token}` };
    const created: string[] = [];
    // Texts of this attempt only: a retry must not meet what a timed-out attempt left behind.
    const run = `${testInfo.retry}.${Date.now().toString(36)}`;
    const biogas = `E2E: new biogas unit commissioned (${run})`;
    const visits = `E2E: site visits resume in January (${run})`;
    for (const data of [{ text: biogas, link: '/projects/biogas-units' }, { text: visits }]) {
      const response = await request.post('/api/announcements', { data, headers });
      expect(response.status()).toBe(201);
      created.push(((await response.json()) as { _id: string })._id);
    }
    try {
      // Built before these were saved: the freshness check after load finds them and shows them.
      const saved = Date.now();
      await page.goto('/');
      const ticker = page.locator('[data-ticker]');
      await expect(ticker).toBeVisible();
      testInfo.annotations.push({
        type: 'saved to strip (fresh load, freshness check)',
        description: `${Date.now() - saved} ms`,
      });
      await expect(ticker).toHaveAttribute('data-hydrated', '');
      const visible = ticker.locator('ul:not([aria-hidden])');
      await expect(visible.getByRole('link', { name: biogas })).toHaveAttribute(
        'href',
        '/projects/biogas-units',
      );
      await expect(visible.getByRole('link', { name: visits })).toHaveAttribute('href', '#');
      await expect(ticker.locator('ul[aria-hidden="true"] a')).toHaveCount(
        await visible.locator('a').count(),
      );

      // Hover and keyboard focus pause the scroll.
      await ticker.hover();
      await expect(ticker.locator('.ticker__track')).toHaveCSS('animation-play-state', 'paused');
      await page.mouse.move(0, 0);
      await visible.locator('a').first().focus();
      await expect(ticker.locator('.ticker__track')).toHaveCSS('animation-play-state', 'paused');

      expect(await axeViolations(page)).toEqual([]);
    } finally {
      for (const id of created) await request.delete(`/api/announcements/${id}`, { headers });
    }
  });
});
