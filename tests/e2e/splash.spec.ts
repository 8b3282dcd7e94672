import { test, expect } from '@playwright/test';

test('the splash covers the home page, then hides within about 2 s', async ({ page }) => {
  // The slide images wait until the splash has been seen, so that it cannot be gone already.
  let releaseImages = () => {};
  const imagesHeld = new Promise<void>((resolve) => (releaseImages = resolve));
  await page.route(/\/slide\d/, async (route) => {
    await imagesHeld;
    await route.continue();
  });
  await page.goto('/', { waitUntil: 'domcontentloaded' });
  await expect(page.locator('html')).toHaveClass(/splash-on/);
  await expect(page.locator('[data-splash-loader] img')).toHaveAttribute('src', '/logo512.png');
  await expect(page.locator('[data-splash-loader]')).toBeVisible();
  releaseImages();
  await expect(page.locator('[data-splash-loader]')).toBeHidden({ timeout: 2_800 });
});

test('once hidden, the splash leaves the page and no animation of it is left running', async ({
  page,
}) => {
  await page.goto('/about');
  await expect(page.locator('html')).toHaveClass(/splash-on/);
  await expect(page.locator('[data-splash-loader]')).toHaveCount(0, { timeout: 3_000 });
  // A pending or running animation keeps Chromium rendering frames on the main thread.
  const animations = await page.evaluate(() =>
    document.getAnimations().map((animation) => `${animation.playState} ${animation.id}`),
  );
  expect(animations.filter((state) => !state.startsWith('finished'))).toEqual([]);
});

test('pages without a splash never show one', async ({ page }) => {
  await page.goto('/services/mcore-hidromagnetic-generator');
  await expect(page.locator('html')).not.toHaveClass(/splash-on/);
  await expect(page.locator('[data-splash-loader]')).toHaveCount(0);
});

test('the splash gives up after 2 s when images never arrive', async ({ page }) => {
  await page.route(/\.(svg|avif|webp|jpe?g|png)$/, () => new Promise(() => {}));
  await page.goto('/renewable-energy', { waitUntil: 'domcontentloaded' });
  await expect(page.locator('[data-splash-loader]')).toBeVisible();
  const start = Date.now();
  await expect(page.locator('[data-splash-loader]')).toBeHidden({ timeout: 3_500 });
  expect(Date.now() - start).toBeLessThan(3_000);
});

test.describe('with reduced motion', () => {
  test.use({ reducedMotion: 'reduce' });
  test('no splash is shown', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('html')).not.toHaveClass(/splash-on/);
    await expect(page.locator('[data-splash-loader]')).toBeHidden();
  });
});

test('the loading screen flaps its logo and shows the short name at 3.5 s', async ({ page }) => {
  await page.goto('/anim');
  const name = page.locator('.loading-screen__name');
  await expect(name).toHaveCSS('opacity', '0');
  await expect(page.locator('.loading-screen__logo')).toHaveCSS('animation-delay', '1.5s');
  await expect(name).toHaveCSS('opacity', '1', { timeout: 6_000 });
});
