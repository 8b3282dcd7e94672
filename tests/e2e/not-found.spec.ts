import { test, expect } from '@playwright/test';

test('an unknown path answers 404 and sends people on to the home page', async ({
  page,
  request,
}) => {
  const direct = await request.get('/no-such-page', { maxRedirects: 0 });
  expect(direct.status()).toBe(404);
  expect(await direct.text()).toContain('Page not found');

  await page.goto('/no-such-page/deeper');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.locator('h1')).toHaveText('Building Sustainable Legacies');
});
