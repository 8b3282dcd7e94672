import { test, expect, type Page } from '@playwright/test';
import { axeViolations } from './support';
import {
  expectSizedToContent,
  loadedFrames,
  openPage,
  otherHostRequests,
} from './services-support';

/** Farming and hospitality pages: choosing a card shows its panel and infographic. */

const farming = '/integrated-farming';
const hospitality = '/hospitality';

const cards = (page: Page) => page.locator('#topics li');
const links = (page: Page) => page.locator('#topics a[data-topic]');
const visiblePanels = (page: Page) => page.locator('#topics article').filter({ visible: true });

test.describe('Integrated Farming', () => {
  test('starts on Organic Farming, large and first, with its infographic', async ({ page }) => {
    const others = otherHostRequests(page);
    await openPage(page, farming);
    await expect(links(page)).toHaveText([
      'Organic Farming',
      'Manure',
      'Value Addition',
      'Farm to Table',
      'Integrated System',
    ]);
    await expect(links(page).first()).toHaveAttribute('aria-expanded', 'true');
    await expect(visiblePanels(page)).toHaveCount(1);
    await expect(visiblePanels(page).locator('h3')).toHaveText('Organic Farming');

    const [large, small] = await Promise.all(
      [0, 1].map((index) =>
        cards(page)
          .nth(index)
          .evaluate((el) => el.getBoundingClientRect()),
      ),
    );
    expect(large!.width * large!.height).toBeGreaterThan(small!.width * small!.height * 2);

    await visiblePanels(page).scrollIntoViewIfNeeded();
    await expectSizedToContent(visiblePanels(page).locator('iframe'));
    expect(others).toEqual([]);
  });

  test('choosing a topic makes it the first card, shows its panel and scrolls there', async ({
    page,
  }) => {
    await openPage(page, farming);
    await links(page).filter({ hasText: 'Farm to Table' }).click();
    await expect(links(page).first()).toHaveText('Farm to Table');
    await expect(links(page).first()).toHaveAttribute('aria-expanded', 'true');
    await expect(page.locator('#topics a[aria-expanded="true"]')).toHaveCount(1);
    await expect(visiblePanels(page)).toHaveCount(1);
    await expect(visiblePanels(page).locator('h3')).toHaveText('Farm to Table');
    await expect(visiblePanels(page)).toBeFocused();
    await expect(visiblePanels(page)).toBeInViewport();
    await expectSizedToContent(visiblePanels(page).locator('iframe'));
  });

  test('shows the eight principles', async ({ page }) => {
    await openPage(page, farming);
    await expect(page.locator('#principles li h3')).toHaveText([
      'Sustainable System',
      'Diverse Activities',
      'Maximize Productivity',
      'Reuse Farm Waste',
      'Reduce External Inputs',
      'Ensure Environmental Balance',
      'Smart Holistic Approach',
      'Self-Sustaining and Viable',
    ]);
    await expect(page.locator('#principles li svg')).toHaveCount(8);
  });

  test('has no axe violations at first and after choosing a topic', async ({ page }) => {
    await openPage(page, farming);
    expect(await axeViolations(page)).toEqual([]);
    await links(page).filter({ hasText: 'Manure' }).click();
    await expectSizedToContent(visiblePanels(page).locator('iframe'));
    expect(await axeViolations(page)).toEqual([]);
  });
});

test.describe('Hospitality', () => {
  test('has three cards, Green Vistas larger, and none chosen at first', async ({ page }) => {
    await openPage(page, hospitality);
    await expect(page.getByRole('link', { name: 'Discover More' })).toBeVisible();
    await expect(links(page)).toHaveText(['Green Vistas', 'Farm Tourism', 'Health & Wellness']);
    const [featured, other] = await Promise.all(
      [0, 1].map((index) =>
        cards(page)
          .nth(index)
          .evaluate((el) => el.getBoundingClientRect()),
      ),
    );
    expect(featured!.width * featured!.height).toBeGreaterThan(other!.width * other!.height);
    await expect(page.locator('#topics a[aria-expanded="true"]')).toHaveCount(0);
    await expect(visiblePanels(page)).toHaveCount(0);
    await expect(loadedFrames(page)).toHaveCount(0);
  });

  test('cards scale up on hover', async ({ page }) => {
    await openPage(page, hospitality);
    const link = links(page).nth(2);
    await link.hover();
    await expect
      .poll(() => link.evaluate((el) => new DOMMatrix(getComputedStyle(el).transform).a))
      .toBeGreaterThan(1);
  });

  test('choosing a card shows its infographic and scrolls there after 100 ms', async ({ page }) => {
    await openPage(page, hospitality);
    const link = links(page).filter({ hasText: 'Health & Wellness' });
    await link.hover();
    const before = await page.evaluate(() => scrollY);
    // Chosen at once, scrolled only after the delay.
    const [expanded, scrolled] = await Promise.all([
      link.evaluate((element: HTMLElement) => {
        element.click();
        return element.getAttribute('aria-expanded');
      }),
      page.evaluate(() => new Promise<number>((resolve) => setTimeout(() => resolve(scrollY), 60))),
    ]);
    expect(expanded).toBe('true');
    expect(scrolled).toBe(before);
    const panel = visiblePanels(page);
    await expect(panel.locator('h3')).toHaveText('Health & Wellness');
    await expect(panel).toBeInViewport();
    await expectSizedToContent(panel.locator('iframe'));

    // No way to deselect: choosing again keeps it chosen.
    await link.click();
    await expect(link).toHaveAttribute('aria-expanded', 'true');
    await links(page).first().click();
    await expect(page.locator('#topics a[aria-expanded="true"]')).toHaveCount(1);
    await expect(visiblePanels(page).locator('h3')).toHaveText('Green Vistas');
  });

  test('works with the keyboard alone', async ({ page }) => {
    await openPage(page, hospitality);
    await links(page).nth(1).focus();
    await page.keyboard.press('Enter');
    await expect(visiblePanels(page).locator('h3')).toHaveText('Farm Tourism');
    await expect(visiblePanels(page)).toBeFocused();
  });

  test('has no axe violations before and after choosing', async ({ page }) => {
    await openPage(page, hospitality);
    expect(await axeViolations(page)).toEqual([]);
    await links(page).first().click();
    await expectSizedToContent(visiblePanels(page).locator('iframe'));
    expect(await axeViolations(page)).toEqual([]);
  });

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });
    test('every card links to its visible panel', async ({ page }) => {
      await page.goto(hospitality);
      await expect(visiblePanels(page)).toHaveCount(3);
      await links(page).nth(2).click();
      await expect(page).toHaveURL(/#hospitality-health-wellness$/);
    });
  });
});
