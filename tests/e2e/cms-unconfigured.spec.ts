/**
 * /cms/ of a build with no repository for the editor (the tests' own build, like `npm start`):
 * a page in the site's styles saying what to do, never Decap's raw configuration error.
 */
import { expect, test } from '@playwright/test';
import { axeViolations } from './support';

test('/cms/ without a repository says how to set one up or edit locally', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.goto('/cms/');
  await expect(
    page.getByRole('heading', {
      level: 1,
      name: 'The content editor is not set up on this site yet',
    }),
  ).toBeVisible();
  await expect(page.getByText('CMS_GITHUB_REPO').first()).toBeVisible();
  await expect(page.getByText('npm run cms')).toBeVisible();
  await expect(page.getByText(/Error loading the CMS configuration/)).toHaveCount(0);
  // In the site's styles: its stylesheet sets the body's font.
  const font = await page.evaluate(() => getComputedStyle(document.body).fontFamily);
  expect(font).not.toMatch(/^"?Times/);
  expect(await axeViolations(page)).toEqual([]);
  expect(errors).toEqual([]);
});
