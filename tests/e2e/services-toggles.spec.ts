import { test, expect, type Page } from '@playwright/test';
import { axeViolations } from './support';
import { openPage } from './services-support';

/** Service pages (liquid, solid, corporate): Know More / Show Less, one open at a time. */

const pages = [
  {
    path: '/liquid-waste-management',
    button: 'Explore Our Services',
    items: [
      'Natural Bio Sewage Treatment Plant',
      'Natural Bio Faecal Sludge Treatment Plant',
      'Drinking Water Management',
      'Effluent Treatment',
      'Waterless Urinals',
    ],
  },
  {
    path: '/solid-waste-management',
    button: 'Explore Our Services',
    items: ['Windrow Composting', 'Dewatered Composting System', 'Zero Waste Hub', 'Biomining'],
  },
  {
    path: '/corporate-sustainability',
    button: 'Learn More',
    items: [
      'Environmental Services',
      'Education & Skill Development',
      'Social Responsibility Services',
      'Sustainable Events',
    ],
  },
];

const items = (page: Page) => page.locator('#items li');

for (const { path, button, items: titles } of pages) {
  test.describe(path, () => {
    test('has its hero button, intro and items in alternating rows', async ({ page }) => {
      await openPage(page, path);
      await expect(page.getByRole('link', { name: button, exact: true })).toHaveAttribute(
        'href',
        '#intro',
      );
      await expect(page.locator('#intro p')).toHaveCount(2);
      await expect(items(page).locator('h3')).toHaveText(titles);
      await expect(page.locator('#items li.row--reversed')).toHaveCount(
        Math.floor(titles.length / 2),
      );
      await expect(items(page).locator('img')).toHaveCount(titles.length);
    });

    test('Know More shows the full text, Show Less hides it, one at a time', async ({ page }) => {
      await openPage(page, path);
      const [first, second] = [items(page).nth(0), items(page).nth(1)];
      const teaser = first.locator('.toggle__teaser');
      const full = first.locator('.toggle__body p');
      await expect(teaser).toHaveText(/…$/);
      await expect(full).toBeHidden();
      await expect(full).toHaveText(/.{200,}/);

      await first.locator('summary').click();
      await expect(first.locator('summary')).toHaveText('Show Less', { useInnerText: true });
      await expect(full).toBeVisible();
      await expect(teaser).toBeHidden();

      await second.locator('summary').click();
      await expect(full).toBeHidden();
      await expect(first.locator('summary')).toHaveText('Know More', { useInnerText: true });
      await expect(page.locator('#items details[open]')).toHaveCount(1);

      await second.locator('summary').click();
      await expect(page.locator('#items details[open]')).toHaveCount(0);
    });

    test('has no axe violations closed and open', async ({ page }) => {
      await openPage(page, path);
      expect(await axeViolations(page)).toEqual([]);
      await items(page).last().locator('summary').click();
      expect(await axeViolations(page)).toEqual([]);
    });
  });
}

test('the toggles work with the keyboard alone', async ({ page }) => {
  await openPage(page, pages[0]!.path);
  const summary = items(page).nth(2).locator('summary');
  await summary.focus();
  await page.keyboard.press('Enter');
  await expect(summary).toHaveText('Show Less', { useInnerText: true });
  await page.keyboard.press('Space');
  await expect(summary).toHaveText('Know More', { useInnerText: true });
  await page.keyboard.press('Tab');
  await expect(items(page).nth(3).locator('summary')).toBeFocused();
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });
  test('the toggles still open and close', async ({ page }) => {
    await page.goto(pages[1]!.path);
    const item = items(page).first();
    await item.locator('summary').click();
    await expect(item.locator('.toggle__body p')).toBeVisible();
  });
});
