import { test, expect } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { stoppedClock } from './support';

test('an unknown path answers 404, counts down where to go, then sends people home', async ({
  page,
  request,
}) => {
  const direct = await request.get('/no-such-page', { maxRedirects: 0 });
  expect(direct.status()).toBe(404);
  expect(await direct.text()).toContain('Page not found');

  await stoppedClock(page);
  await page.goto('/no-such-page/deeper');
  const line = page.locator('[data-countdown]');
  await expect(line).toHaveText('Taking you to the home page in 5 seconds.');
  const links = page.getByRole('navigation', { name: 'Where to go' }).getByRole('link');
  await expect(links).toHaveText(['Go to the home page', 'Our services', 'Contact us']);
  await page.clock.runFor(1_000);
  await expect(line).toHaveText('Taking you to the home page in 4 seconds.');
  await page.clock.runFor(3_000);
  await expect(line).toHaveText('Taking you to the home page in 1 second.');
  await page.clock.runFor(1_000);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.locator('h1')).toHaveText('Building Sustainable Legacies');
});

test('a visitor who presses a key or clicks stays on the page', async ({ page }) => {
  await stoppedClock(page);
  await page.goto('/no-such-page');
  await page.keyboard.press('Tab');
  await page.clock.runFor(15_000);
  await expect(page).toHaveURL(/\/no-such-page$/);
  await expect(page.locator('[data-countdown]')).toHaveText(
    'You are staying on this page: choose where to go.',
  );
  // The countdown has stopped: time may run again for axe's own timers.
  await page.clock.resume();
  expect(await new AxeBuilder({ page }).include('#not-found').analyze()).toMatchObject({
    violations: [],
  });

  await page.goto('/no-such-page');
  await page.getByRole('heading', { name: 'Page not found' }).dispatchEvent('pointerdown');
  await page.clock.runFor(15_000);
  await expect(page).toHaveURL(/\/no-such-page$/);
});

test('in Arabic the countdown speaks Arabic and leads to the Arabic home page', async ({
  page,
}) => {
  await stoppedClock(page);
  await page.goto('/ar/no-such-page');
  await expect(page.locator('[data-countdown]')).toHaveText(
    /^سننقلكم إلى الصفحة الرئيسية خلال (5|٥) ثوانٍ\.$/,
  );
  await page.clock.runFor(5_000);
  await expect(page).toHaveURL(/\/ar\/$/);
});
