/**
 * The lead view (issue 36): the details dialog puts the lead, 'Reply by Email' and the follow-up
 * first, groups the fields by the wizard's steps, hides the questions the form never asks, steps
 * to the previous / next enquiry of the page without closing (focus on the new lead's name, its
 * own status, an unsaved note kept per lead); the table fits at 1280 px and is a list of cards on
 * a phone; Malayalam and Arabic names are drawn in the web fonts the public pages serve.
 */
import { mkdirSync } from 'node:fs';
import { axeViolations } from './support';
import { enquiryBody, enquiryRow, expect, logIn, test, unique } from './admin-support';

const SHOTS = '/tmp/shots-lead';

/** Whether a web font of the family finished loading in the page. */
const fontLoaded = (family: string) =>
  `[...document.fonts].some((face) => face.family.replaceAll('"', '') === '${family}' && face.status === 'loaded')`;

test('the details dialog: the work first, the fields by step, previous / next, the scripts drawn', async ({
  page,
  seeder,
}, testInfo) => {
  const marker = unique('lead view');
  const malayalam = `${marker} അനിൽ കുമാർ`;
  const arabic = `${marker} سارة أحمد`;
  await seeder.post('/api/enquiries', enquiryBody(malayalam, { lang: 'ml' }));
  await seeder.post('/api/enquiries', enquiryBody(arabic));
  // Only this test's two leads in the list: other tests' records never decide what is measured.
  await logIn(page, `/admin?q=${encodeURIComponent(marker)}`);

  const panel = page.locator('section[aria-labelledby="enquiries-heading"]');
  const row = await enquiryRow(page, arabic);
  await expect(panel.locator('tbody tr', { hasText: malayalam })).toBeVisible();
  // The language a lead wrote in shows under its name, for any but English.
  await expect(
    panel.locator('tbody tr', { hasText: malayalam }).locator('td[data-label="Full Name"]'),
  ).toContainText('Malayalam');
  await expect(row.locator('td[data-label="Full Name"] .admin-lang')).toHaveCount(0);
  // An address is never broken where the table has room.
  if (testInfo.project.name === 'desktop')
    await expect(row.locator('.admin-email')).toHaveCSS('white-space', 'nowrap');
  const project = testInfo.project.name;
  mkdirSync(SHOTS, { recursive: true });
  await panel.screenshot({ path: `${SHOTS}/table-${project}.png` });

  // The table fits its box; on a phone each row is a card of "label value" lines.
  const wrap = panel.locator('.admin-table-wrap');
  expect(await wrap.evaluate((box) => box.scrollWidth <= box.clientWidth + 1)).toBe(true);
  const dateCell = row.locator('td[data-label="Date"] .admin-nowrap');
  await expect(dateCell).toHaveCSS('white-space', 'nowrap');
  if (project === 'mobile') {
    await expect(row).toHaveCSS('display', 'block');
    const label = await row
      .locator('td[data-label="Email"]')
      .evaluate((cell) => getComputedStyle(cell, '::before').content);
    expect(label).toBe('"Email"');
  }
  await expect(row.getByRole('button', { name: `Delete enquiry from ${arabic}` })).toBeVisible();

  await row.getByRole('button', { name: `View enquiry from ${arabic}` }).click();
  const modal = page.getByRole('dialog', { name: 'Enquiry Details' });
  await expect(modal.getByRole('heading', { level: 3, name: arabic })).toBeVisible();

  // The work first: status, note box and Reply by Email above the fields.
  const status = modal.getByRole('combobox', { name: 'Status' });
  const firstGroup = modal.getByRole('heading', { name: 'Contact Details' });
  const top = async (locator: typeof status) => (await locator.boundingBox())!.y;
  expect(await top(modal.getByRole('button', { name: 'Reply by Email' }))).toBeLessThan(
    await top(firstGroup),
  );
  expect(await top(status)).toBeLessThan(await top(firstGroup));
  expect(await top(modal.getByRole('textbox', { name: 'Add note' }))).toBeLessThan(
    await top(firstGroup),
  );
  // Grouped as the form asked, and only what it asked; then its source, when one is known (a page
  // view the same day from the seeder's address and browser, which other tests may have made).
  const groups = modal.locator('.admin-details-group h3');
  const asked = [
    'Contact Details',
    'Customer / Institution Profile',
    'Generator Requirement',
    'Installation Site & Conditions',
  ];
  await expect(groups.first()).toHaveText(asked[0]!);
  expect([asked, [...asked, 'Source']]).toContainEqual(await groups.allTextContents());
  for (const unasked of ['How Heard About Us', 'Specify How Heard', 'Receive Email Updates']) {
    await expect(modal.locator('dt', { hasText: new RegExp(`^${unasked}$`) })).toHaveCount(0);
  }
  // The Arabic name in its web font (no system font for it in CI's Chromium).
  await expect.poll(() => page.evaluate(fontLoaded('Noto Sans Arabic'))).toBe(true);
  expect(await axeViolations(page)).toEqual([]);
  await modal.screenshot({ path: `${SHOTS}/dialog-${project}.png` });

  // Next: the enquiry after it in the table, without closing; focus on its name.
  const names = await panel
    .locator('tbody td[data-label="Full Name"] .admin-lead-name')
    .allTextContents();
  const index = names.indexOf(arabic);
  const after = names[index + 1]!;
  await status.selectOption('Contacted');
  await modal.getByRole('textbox', { name: 'Add note' }).fill('Call back on Monday');
  await modal.getByRole('button', { name: 'Next enquiry' }).click();
  await expect(modal).toBeVisible();
  const afterHeading = modal.getByRole('heading', { level: 3, name: after });
  await expect(afterHeading).toBeFocused();
  await expect(modal).toContainText(`${index + 2} of ${names.length} on this page`);
  // Its own state: status as stored, an empty note box.
  await expect(status).toHaveValue('New');
  await expect(modal.getByRole('textbox', { name: 'Add note' })).toHaveValue('');
  if (after === malayalam) {
    await expect.poll(() => page.evaluate(fontLoaded('Noto Sans Malayalam'))).toBe(true);
  }

  // Previous: back, the unsaved note kept for that lead.
  await modal.getByRole('button', { name: 'Previous enquiry' }).click();
  await expect(modal.getByRole('heading', { level: 3, name: arabic })).toBeFocused();
  await expect(modal.getByRole('textbox', { name: 'Add note' })).toHaveValue('Call back on Monday');
  await modal.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(modal).toBeHidden();
  await expect(row.getByRole('button', { name: `View enquiry from ${arabic}` })).toBeFocused();
});

test('the Malayalam name is drawn in the web font in the table', async ({ page, seeder }) => {
  const name = `${unique('lead font')} ശ്രീദേവി`;
  await seeder.post('/api/enquiries', enquiryBody(name));
  await logIn(page);
  const row = await enquiryRow(page, name);
  await expect(row).toBeVisible();
  await expect.poll(() => page.evaluate(fontLoaded('Noto Sans Malayalam'))).toBe(true);
  expect(await page.evaluate(() => document.fonts.check('16px "Noto Sans Malayalam"', 'ശ'))).toBe(
    true,
  );
});
