import { test, expect } from '@playwright/test';

// A link to a part of another page (the footer's contact links, a no-JS form's way back to its
// errors) lands on that part, however long the page before it.
for (const path of ['/renewable-energy', '/', '/ar/renewable-energy/', '/solid-waste-management']) {
  test(`${path}#contact-form opens at the contact form`, async ({ page }) => {
    await page.goto(`${path}#contact-form`);
    await expect(page.locator('#contact-heading')).toBeInViewport();
    // Still there once late images and the splash have settled.
    await page.waitForLoadState('load');
    await expect(page.locator('#contact-heading')).toBeInViewport();
  });
}
