import { test, expect, type Page } from '@playwright/test';

// Printed pages: browsers leave background colours off by default, so white text on the dark
// sections would vanish, and cards still waiting for their scroll reveal would print blank.

/** Computed opacity of every scroll-reveal card still waiting below the fold. */
const pendingCardOpacities = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('.reveal-pending:not([data-revealed])')].map(
      (card) => getComputedStyle(card).opacity,
    ),
  );

/**
 * Computed opacity of the cards that were waiting when `markWaitingCards` ran (the print layout
 * is shorter, so some of them then scroll into view and are revealed).
 */
const markedCardOpacities = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('[data-waiting-in-test]')].map(
      (card) => getComputedStyle(card).opacity,
    ),
  );
const markWaitingCards = (page: Page) =>
  page.evaluate(() => {
    for (const card of document.querySelectorAll('.reveal-pending:not([data-revealed])')) {
      card.setAttribute('data-waiting-in-test', '');
    }
  });

for (const path of ['/', '/services/mcore-hidromagnetic-generator', '/ar/']) {
  test(`${path} prints every card, dark text, and no screen-only controls`, async ({ page }) => {
    await page.goto(path);
    // Cards below the fold are hidden on screen until they are scrolled to.
    await expect.poll(() => pendingCardOpacities(page)).toContain('0');

    await markWaitingCards(page);
    await page.emulateMedia({ media: 'print' });
    const opacities = await markedCardOpacities(page);
    expect(opacities.length).toBeGreaterThan(0);
    expect(new Set(opacities)).toEqual(new Set(['1']));

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
