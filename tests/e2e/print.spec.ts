import { test, expect, type Page } from '@playwright/test';

// Printed pages: browsers leave background colours off by default, so white text on the dark
// sections would vanish, and cards still waiting for their scroll reveal would print blank.

/** Scroll-reveal cards still waiting below the fold. */
const WAITING = '.reveal-pending:not([data-revealed])';

/** Computed opacity of each element `selector` finds. */
const opacities = (page: Page, selector: string) =>
  page.evaluate(
    (selector) =>
      [...document.querySelectorAll(selector)].map((card) => getComputedStyle(card).opacity),
    selector,
  );

for (const path of ['/', '/services/mcore-hidromagnetic-generator', '/ar/']) {
  test(`${path} prints every card, dark text, and no screen-only controls`, async ({ page }) => {
    await page.goto(path);
    // Cards below the fold are hidden on screen until they are scrolled to.
    await expect.poll(() => opacities(page, WAITING)).toContain('0');

    // The print layout is shorter, so some of them then come into view and are revealed: the
    // cards checked are those waiting now.
    await page.evaluate((selector) => {
      for (const card of document.querySelectorAll(selector)) card.setAttribute('data-waiting', '');
    }, WAITING);
    await page.emulateMedia({ media: 'print' });
    const printed = await opacities(page, '[data-waiting]');
    expect(printed.length).toBeGreaterThan(0);
    expect(new Set(printed)).toEqual(new Set(['1']));

    for (const text of [
      page.locator('#page-title'),
      page.locator('footer.site-footer .site-footer__copy'),
    ]) {
      await expect(text).toBeVisible();
      await expect(text).toHaveCSS('color', 'rgb(0, 0, 0)');
    }
    for (const screenOnly of ['#site-nav', '[data-menu-toggle]', '#contact-form']) {
      await expect(page.locator(screenOnly)).toBeHidden();
    }
  });
}
