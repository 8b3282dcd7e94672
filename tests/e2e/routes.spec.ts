import { test, expect } from '@playwright/test';
import { routes, publicRoutes, waitForSplash, axeViolations } from './support';

for (const route of routes) {
  test(`${route.path} answers 200 with its heading, metadata and no axe violations`, async ({
    page,
  }) => {
    const cspErrors: string[] = [];
    page.on('console', (message) => {
      if (/Content[- ]Security[- ]Policy/i.test(message.text())) cspErrors.push(message.text());
    });
    const response = await page.goto(route.path);
    expect(response?.status()).toBe(200);
    await waitForSplash(page);

    await expect(page.locator('h1')).toHaveCount(1);
    await expect(page.locator('h1')).toHaveText(route.heading);
    await expect(page).toHaveTitle(/\S/);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /.{50,}/);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /^https?:\/\//);

    expect(await axeViolations(page)).toEqual([]);
    expect(cspErrors).toEqual([]);
  });
}

for (const route of publicRoutes) {
  test(`${route.path} has the site header and footer links`, async ({ page }) => {
    // What links the markup holds, whatever the width: the menu at phone widths is the same list
    // (the desktop project only: playwright.config.ts VIEWPORT_FREE).
    await page.goto(route.path);
    const header = page.locator('#site-nav .site-nav__list');
    for (const href of [
      '/',
      '/services/environmental-impact-assessment',
      '/projects/legacy-waste-clearance',
      '/projects/biogas-units',
      '/projects/plastic-to-oil',
      '/projects/composting-plants',
      '/careers',
      '/about',
    ]) {
      await expect(header.locator(`a[href="${href}"]`)).toHaveCount(1);
    }

    const footer = page.locator('footer.site-footer');
    const onHome = route.path === '/';
    for (const href of [
      onHome ? '#home' : '/#home',
      '/about',
      onHome ? '#services' : '/#services',
      '/terms-conditions',
      '/privacy-policy',
    ]) {
      await expect(footer.locator(`a[href="${href}"]`).first()).toBeAttached();
    }
    await expect(footer.locator('a[target="_blank"][rel~="noopener"]')).toHaveCount(2);
    await expect(footer.locator('.site-footer__copy')).toHaveText(
      `© 2011–${new Date().getFullYear()}\u00a0Haritha Environmental Solutions Pvt. Ltd. All rights reserved.`,
    );
    await expect(page.locator('#contact-form form')).toHaveCount(1);
  });
}

test('the home page carries Organization structured data', async ({ page }) => {
  await page.goto('/');
  const json = await page.locator('script[type="application/ld+json"]').first().textContent();
  const data = JSON.parse(json ?? '{}') as Record<string, unknown>;
  expect(data['@type']).toBe('Organization');
  expect(data['name']).toEqual(expect.any(String));
  expect(data['url']).toMatch(/^https?:\/\//);
});

test('/logout clears the token and goes to /login', async ({ page }) => {
  await page.goto('/login');
  await page.evaluate(() => localStorage.setItem('token', 'x'));
  await page.goto('/logout');
  await expect(page).toHaveURL(/\/login\/?$/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
});

test('/admin without a token redirects to /login', async ({ page }) => {
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/login/);
  await expect(page.locator('h1')).toHaveText('Admin Login');
});
