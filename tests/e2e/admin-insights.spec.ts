/**
 * The Insights room (issue 37, item 5): for seeded views, funnel steps and a lead, its charts
 * show with their numbers in tables; a change of period asks the server again; axe clean;
 * the charts are reachable from the keyboard; no sideways scroll. Screenshots at the project's
 * width (/tmp/insights-<width>.png).
 */
import type { Page } from '@playwright/test';
import { expect, logIn, settled, test } from './admin-support';
import { axeViolations } from './support';

test.describe.configure({ timeout: 90_000 });

async function insightsRequests(page: Page): Promise<string[]> {
  const asked: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/api/insights') asked.push(url.searchParams.get('days') ?? '');
  });
  return asked;
}

test('the Insights room: charts with their numbers, the period asks again, keyboard and axe', async ({
  page,
  request,
  seeder,
}) => {
  for (const body of [
    { path: '/renewable-energy/', lang: 'en', device: 'desktop', ref: 'example.org' },
    { step: '1', lang: 'en' },
    { step: '2', lang: 'en' },
  ]) {
    const res = await request.post('/api/pageview', {
      data: JSON.stringify(body),
      headers: { 'content-type': 'text/plain;charset=UTF-8' },
    });
    expect(res.status()).toBe(202);
  }
  await seeder.enquiry('Insights lead');

  const asked = await insightsRequests(page);
  await logIn(page, '/admin/insights');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Insights');
  await settled(page);
  await expect(page.getByRole('heading', { name: 'Visits and leads per day' })).toBeVisible();
  expect(asked).toEqual(['30']);

  const visits = page.getByRole('img', { name: /^Visits per day/ });
  await expect(visits).toBeVisible();
  for (const name of [
    'Top pages by visits',
    'Referrers by visits',
    'Enquiry steps reached',
    'Leads by source',
  ])
    await expect(page.getByRole('img', { name: new RegExp(`^${name}`) })).toBeVisible();

  // The numbers behind the first chart: a table, today's row counting the seeded view and lead.
  const first = page.locator('figure').first();
  await first.getByText('Show the numbers').click();
  const table = first.getByRole('table');
  await expect(
    table.getByRole('columnheader', { name: 'Unique visitors (per day, summed)' }),
  ).toBeVisible();
  const today = new Date().toISOString().slice(0, 10);
  const row = table.getByRole('row', { name: new RegExp(`^${today}`) });
  await expect(row).toBeVisible();
  expect(Number(await row.getByRole('cell').first().textContent())).toBeGreaterThanOrEqual(1);

  // The funnel's table says what was lost between the steps.
  const funnel = page.locator('figure', { has: page.getByRole('img', { name: /^Enquiry steps/ }) });
  await funnel.getByText('Show the numbers').click();
  await expect(
    funnel.getByRole('columnheader', { name: 'Lost since the step before' }),
  ).toBeVisible();

  // The keyboard reaches the charts.
  await page.getByRole('radio', { name: '30 days' }).focus();
  let onChart = false;
  for (let i = 0; i < 10 && !onChart; i++) {
    await page.keyboard.press('Tab');
    onChart = await page.evaluate(() => document.activeElement?.getAttribute('role') === 'img');
  }
  expect(onChart).toBe(true);

  expect(await axeViolations(page)).toEqual([]);
  expect(
    await page.evaluate(
      () => document.documentElement.scrollWidth <= document.documentElement.clientWidth,
    ),
  ).toBe(true);
  await page.screenshot({
    path: `/tmp/insights-${page.viewportSize()?.width}.png`,
    fullPage: true,
  });

  // Another period: one more request, and the answer per week.
  await page.getByRole('radio', { name: '12 weeks' }).check();
  await expect(page.getByRole('heading', { name: 'Visits and leads per week' })).toBeVisible();
  expect(asked).toEqual(['30', '84']);
  expect(await axeViolations(page)).toEqual([]);
});
