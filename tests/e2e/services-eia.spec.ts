import { test, expect, type Page } from '@playwright/test';
import { axeViolations } from './support';
import {
  expectSizedToContent,
  loadedFrames,
  openPage,
  otherHostRequests,
} from './services-support';

/** EIA page: ten cards; Know More opens one card's infographic at a time. */

const path = '/services/environmental-impact-assessment';
const services = [
  'Energy Efficiency',
  'Waste Management',
  'Water Conservation',
  'Sustainable Transportation',
  'Renewable Energy Integration',
  'Education & Awareness',
  'Sustainable Events Planning',
  'Regular Audits & Assessments',
  'Carbon Credit Advisory',
  'Partnerships & Collaboration',
];

const cards = (page: Page) => page.locator('#services li');

test('has its hero, intro and ten service cards with icons and teasers', async ({ page }) => {
  await openPage(page, path);
  await expect(page.locator('h1')).toHaveText('Environmental Impact Assessment');
  await expect(page.getByText('A Holistic Approach to Green Protocols')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Explore Our EIA Services' })).toBeVisible();
  await expect(page.locator('#intro p')).toHaveCount(2);
  await expect(cards(page).locator('h3')).toHaveText(services);
  await expect(cards(page).locator('.card__icon svg')).toHaveCount(10);
  await expect(cards(page).locator('.toggle__teaser').first()).toHaveText(/…$/);
  await expect(cards(page).locator('summary').first()).toHaveText('Know More', {
    useInnerText: true,
  });
});

test('Know More opens the infographic at content height + 20 px; Show Less closes it', async ({
  page,
}) => {
  const others = otherHostRequests(page);
  await openPage(page, path);
  await expect(loadedFrames(page)).toHaveCount(0);
  const card = cards(page).nth(2);
  await card.locator('summary').click();
  await expect(card.locator('summary')).toHaveText('Show Less', { useInnerText: true });
  const frame = card.locator('iframe');
  await expect(frame).toBeVisible();
  await expectSizedToContent(frame, 20);
  const inner = page.frameLocator('#services li:nth-child(3) iframe');
  await expect(inner.locator('h1')).toBeVisible();
  await expect(inner.locator('.ig__feature')).toHaveCount(3);

  await card.locator('summary').click();
  await expect(card.locator('summary')).toHaveText('Know More', { useInnerText: true });
  await expect(frame).toBeHidden();
  expect(others).toEqual([]);
});

test('one card is open at a time and clicking it again collapses it', async ({ page }) => {
  await openPage(page, path);
  await cards(page).nth(0).locator('summary').click();
  await cards(page).nth(7).locator('summary').click();
  await expect(page.locator('#services details[open]')).toHaveCount(1);
  await expect(cards(page).nth(7).locator('details')).toHaveJSProperty('open', true);
  await cards(page).nth(7).locator('summary').click();
  await expect(page.locator('#services details[open]')).toHaveCount(0);
});

test('falls back to 800 px and logs when the height cannot be read', async ({ page }) => {
  const logs: string[] = [];
  page.on('console', (message) => logs.push(message.text()));
  // A CSP sandbox gives the framed document an opaque origin: the page cannot read it.
  await page.route('**/infographics/eia/**', (route) =>
    route.fulfill({
      contentType: 'text/html',
      headers: { 'Content-Security-Policy': 'sandbox' },
      body: '<!doctype html><title>x</title><p>Unreadable</p>',
    }),
  );
  await openPage(page, path);
  const card = cards(page).nth(4);
  await card.locator('summary').click();
  await expect(card.locator('iframe')).toHaveCSS('height', '800px');
  expect(logs.some((text) => /height unreadable/i.test(text))).toBe(true);
});

test('works with the keyboard alone', async ({ page }) => {
  await openPage(page, path);
  const summary = cards(page).nth(1).locator('summary');
  await summary.focus();
  await page.keyboard.press('Enter');
  await expect(cards(page).nth(1).locator('iframe')).toBeVisible();
  await expect(summary).toBeFocused();
  await page.keyboard.press('Space');
  await expect(cards(page).nth(1).locator('iframe')).toBeHidden();
  await page.keyboard.press('Tab');
  await expect(cards(page).nth(2).locator('summary')).toBeFocused();
});

test('has no axe violations closed and with a card open', async ({ page }) => {
  await openPage(page, path);
  expect(await axeViolations(page)).toEqual([]);
  const card = cards(page).nth(8);
  await card.locator('summary').click();
  await expectSizedToContent(card.locator('iframe'), 20);
  expect(await axeViolations(page)).toEqual([]);
});
