/**
 * The Spam / held room (/admin/held) against the local server: submissions sent without a proof
 * of work (as a bot or a no-JS browser sends them) are held; the room lists each with its
 * reasons, Not spam makes one a lead, Delete all shown asks first; keyboard only, axe, 320 px.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, logIn, test, unique } from './admin-support';
import { roomOf } from '../../src/admin/rooms/index.ts';
import { HELD_PAGE_SIZE } from '../../src/lib/held/index.ts';
import { adminToken, axeViolations } from './support';

// One after another, on the desktop only (playwright.config.ts VIEWPORT_FREE; its 320 px test sets
// the width itself): "Delete all shown" deletes every held submission, this file's others too.
test.describe.configure({ mode: 'serial', timeout: 90_000 });

const HELD_ROOM = roomOf('held').path;

/** A contact message sent without a proof of work: held, answered 201. */
async function heldMessage(request: APIRequestContext, name: string): Promise<void> {
  const res = await request.post('/api/contact', {
    data: { email: 'held@example.com', name, message: `Please call me back, ${name}.` },
  });
  expect(res.status()).toBe(201);
}

const itemOf = (page: Page, name: string) =>
  page.getByRole('article', { name: `Message from ${name}` });

test('lists held submissions with their reasons; Not spam makes a lead', async ({
  page,
  request,
}) => {
  const name = unique('Held Asha');
  await heldMessage(request, name);
  await logIn(page, HELD_ROOM);
  const item = itemOf(page, name);
  await expect(item).toBeVisible();
  await expect(item.getByRole('heading', { name: 'Why it was held' })).toBeVisible();
  await expect(item).toContainText('Sent without the proof of work');
  await expect(item).toContainText(`Please call me back, ${name}.`);
  await expect(page.getByRole('link', { name: /Spam \/ held/ })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await page.screenshot({ path: `/tmp/held-${page.viewportSize()?.width}.png`, fullPage: true });

  // Keyboard only: Tab reaches Not spam, Enter acts.
  const notSpam = item.getByRole('button', { name: `Not spam: Message from ${name}` });
  await notSpam.focus();
  await page.keyboard.press('Enter');
  await expect(item).toHaveCount(0);
  await expect(page.locator('.admin-held').getByRole('status')).toContainText(
    `Message from ${name} is now a lead.`,
  );

  const token = await adminToken(request);
  const leads = await request.get(`/api/contact-messages?q=${encodeURIComponent(name)}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const found = (await leads.json()) as { name: string }[];
  expect(found.map((lead) => lead.name)).toEqual([name]);
});

test('Delete all shown asks first; Cancel keeps them, confirming deletes them', async ({
  page,
  request,
}) => {
  const names = [unique('Held One'), unique('Held Two')];
  for (const name of names) await heldMessage(request, name);
  await logIn(page, HELD_ROOM);
  await expect(itemOf(page, names[1]!)).toBeVisible();
  const bulk = page.getByRole('button', { name: 'Delete all shown' });
  await bulk.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Delete all shown?' });
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Enter'); // Cancel has focus: Enter never confirms by accident.
  await expect(dialog).toBeHidden();
  await expect(itemOf(page, names[0]!)).toBeVisible();
  await bulk.click();
  await dialog.getByRole('button', { name: 'Delete all shown' }).click();
  await expect(page.locator('.admin-held').getByRole('status')).toContainText('Nothing is held.');
  for (const name of names) await expect(itemOf(page, name)).toHaveCount(0);
});

test('pages through more than a page of held submissions, by keyboard', async ({
  page,
  request,
}) => {
  const names = Array.from({ length: HELD_PAGE_SIZE + 1 }, (_, n) => unique(`Held Page ${n}`));
  for (const name of names) await heldMessage(request, name);
  await logIn(page, HELD_ROOM);
  const status = page.locator('.admin-held').getByRole('status');
  await expect(status).toContainText(/page 1 of \d+/);
  await expect(itemOf(page, names.at(-1)!)).toBeVisible();
  // Fifty newer ones of its own come before the oldest: it is on the next page.
  await expect(itemOf(page, names[0]!)).toHaveCount(0);
  const pages = page.getByRole('navigation', { name: 'Held submissions pages' });
  await pages.getByRole('button', { name: 'Next' }).focus();
  await page.keyboard.press('Enter');
  await expect(status).toContainText(/page 2 of \d+/);
  await expect(status).toBeFocused();
  await expect(itemOf(page, names[0]!)).toBeVisible();
  await expect(itemOf(page, names.at(-1)!)).toHaveCount(0);
  expect(await axeViolations(page)).toEqual([]);

  // Leaves no held submission of its own for the other tests' lists.
  const headers = { authorization: `Bearer ${await adminToken(request)}` };
  const listed = await request.get('/api/held?pageSize=100', { headers });
  for (const held of (await listed.json()) as { _id: string; name: string }[]) {
    if (names.includes(held.name)) {
      await request.post(`/api/held/${held._id}`, { headers, data: { action: 'delete' } });
    }
  }
});

test('at 320 px nothing scrolls sideways', async ({ page, request }) => {
  await heldMessage(request, unique('Held Narrow'.repeat(4)));
  await page.setViewportSize({ width: 320, height: 800 });
  await logIn(page, HELD_ROOM);
  await expect(page.getByRole('article').first()).toBeVisible();
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBe(0);
  await page.screenshot({ path: '/tmp/held-320.png', fullPage: true });
});
