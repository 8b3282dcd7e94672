import type { Locator, Page } from '@playwright/test';
import { axeViolations } from './support';
import {
  enquiryApi,
  enquiryBody,
  enquiryRow,
  expect,
  logIn,
  sharedAdminToken,
  test,
  unique,
} from './admin-support';
import { roomOf } from '../../src/admin/rooms/index.ts';
import { auditHas } from './audit-support';

test.describe.configure({ timeout: 90_000 });

const CONFLICT = 'This enquiry was changed elsewhere; it has been reloaded.';

/** Logs in, finds the seeded enquiry's row and opens its details; returns row and modal. */
async function openEnquiry(page: Page, name: string): Promise<{ row: Locator; modal: Locator }> {
  await logIn(page);
  const row = await enquiryRow(page, name);
  await row.getByRole('button', { name: /^View/ }).click();
  const modal = page.getByRole('dialog', { name: 'Enquiry Details' });
  await expect(modal).toBeVisible();
  return { row, modal };
}

const badge = (row: Locator) => row.locator('td[data-label="Status"]');

test.describe('lead follow-up in the enquiry details', () => {
  test('a status change is saved and stays after a reload; a note is listed; axe clean', async ({
    page,
    request,
    seeder,
  }) => {
    const { name, id } = await seeder.enquiry('follow-up');
    const { row, modal } = await openEnquiry(page, name);

    await expect(badge(row)).toHaveText('New');
    await expect(modal.getByLabel('Status')).toHaveValue('New');
    await expect(modal.getByText('Last change: not changed yet')).toBeVisible();
    await expect(modal.getByText('No notes yet.')).toBeVisible();

    await modal.getByLabel('Status').selectOption('Contacted');
    await modal.getByRole('button', { name: 'Save follow-up' }).click();
    await expect(modal.getByRole('status')).toHaveText('Status saved: Contacted.');
    await expect(badge(row)).toHaveText('Contacted');
    await expect(modal.locator('[data-last-change] time')).toBeVisible();
    const target = `enquiries/${id}`;
    expect(await auditHas(request, { event: 'lead.status-changed', target })).toBe(true);

    const note = 'Called at 10:00.\nNo answer; try again Monday.';
    await modal.getByLabel('Add note').fill(note);
    await expect(modal.getByText('45 / 2,000 characters')).toBeVisible();
    await modal.getByRole('button', { name: 'Save follow-up' }).click();
    await expect(modal.getByRole('status')).toHaveText('Note added.');
    const notes = modal.getByRole('list', { name: 'Notes' }).getByRole('listitem');
    await expect(notes).toHaveCount(1);
    await expect(notes.locator('p')).toHaveText(note, { useInnerText: true });
    await expect(modal.getByLabel('Add note')).toHaveValue('');
    expect(await auditHas(request, { event: 'lead.note-added', target })).toBe(true);
    expect(await axeViolations(page)).toEqual([]);

    const stored = await (await enquiryApi(request, id)).get();
    expect(stored).toMatchObject({ status: 'Contacted', notes: [{ text: note }] });
    expect(stored.statusChangedAt).toBeTruthy();

    // Leaving the dashboard logs out: a fresh load and login read it back.
    await logIn(page);
    const again = await enquiryRow(page, name);
    await expect(badge(again)).toHaveText('Contacted');
    await again.getByRole('button', { name: /^View/ }).click();
    await expect(modal.getByLabel('Status')).toHaveValue('Contacted');
    await expect(modal.getByRole('list', { name: 'Notes' }).getByRole('listitem')).toHaveCount(1);
  });

  test('a change made elsewhere: Save answers 409, the record is reloaded, the typed note kept', async ({
    page,
    request,
    seeder,
  }) => {
    const { name, id } = await seeder.enquiry('conflict');
    const api = await enquiryApi(request, id);
    const { row, modal } = await openEnquiry(page, name);

    const typed = 'Draft: asked for a site visit.';
    await modal.getByLabel('Add note').fill(typed);
    await modal.getByLabel('Status').selectOption('Won');

    // Another tab moves the enquiry on behind the modal's back.
    const before = await api.get();
    await api.setStatus('Lost', before.version);
    await api.addNote('Written in another tab.');

    await modal.getByRole('button', { name: 'Save follow-up' }).click();
    await expect(modal.getByRole('status')).toHaveText(CONFLICT);
    await expect(modal.getByLabel('Status')).toHaveValue('Lost');
    await expect(modal.getByText('Written in another tab.')).toBeVisible();
    await expect(modal.getByLabel('Add note')).toHaveValue(typed);
    await expect(badge(row)).toHaveText('Lost');
    expect(await api.get()).toMatchObject({ status: 'Lost' });
    expect(await axeViolations(page)).toEqual([]);

    // A note too names its version: stale, it is refused and kept; then it lands.
    await api.addNote('Another note elsewhere.');
    await modal.getByRole('button', { name: 'Save follow-up' }).click();
    await expect(modal.getByRole('status')).toHaveText(CONFLICT);
    await expect(modal.getByText('Another note elsewhere.')).toBeVisible();
    await expect(modal.getByLabel('Add note')).toHaveValue(typed);
    await modal.getByRole('button', { name: 'Save follow-up' }).click();
    await expect(modal.getByRole('status')).toHaveText('Note added.');
    expect((await api.get()).notes.map((note) => note.text)).toEqual([
      'Written in another tab.',
      'Another note elsewhere.',
      typed,
    ]);
  });

  test('an empty note says the field is required; nothing is sent', async ({ page, seeder }) => {
    const { name } = await seeder.enquiry('empty note');
    const { modal } = await openEnquiry(page, name);
    let posted = 0;
    page.on('request', (sent) => {
      if (sent.method() !== 'GET' && sent.url().includes('/api/enquiries')) posted += 1;
    });
    await modal.getByRole('button', { name: 'Save follow-up' }).click();
    await expect(modal.getByRole('status')).toHaveText(
      'Nothing to save: the status is New and no note was written.',
    );
    await modal.getByLabel('Add note').fill('   ');
    await modal.getByRole('button', { name: 'Save follow-up' }).click();
    await expect(modal.getByText('This field is required.')).toBeVisible();
    await expect(modal.getByLabel('Add note')).toHaveAttribute('aria-invalid', 'true');
    expect(posted).toBe(0);
  });

  test('keyboard only: open the details, change the status, save', async ({
    page,
    request,
    seeder,
  }) => {
    const { name, id } = await seeder.enquiry('keyboard');
    await logIn(page);
    const row = await enquiryRow(page, name);
    await row.getByRole('button', { name: /^View/ }).focus();
    await page.keyboard.press('Enter');
    const modal = page.getByRole('dialog', { name: 'Enquiry Details' });
    await expect(modal.getByRole('button', { name: 'Close enquiry details' })).toBeFocused();

    const select = modal.getByLabel('Status');
    for (let step = 0; step < 10; step += 1) {
      if (await select.evaluate((element) => element === document.activeElement)) break;
      await page.keyboard.press('Tab');
    }
    await expect(select).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(select).toHaveValue('Contacted');
    await page.keyboard.press('Tab');
    await expect(modal.getByLabel('Add note')).toBeFocused();
    await page.keyboard.type('Rang back; site visit on Friday.');
    await page.keyboard.press('Tab');
    await expect(modal.getByRole('button', { name: 'Save follow-up' })).toBeFocused();
    await page.keyboard.press('Enter');
    // One Save writes both: the status first, then the note.
    await expect(modal.getByRole('status')).toHaveText('Status saved: Contacted. Note added.');
    expect(await (await enquiryApi(request, id)).get()).toMatchObject({
      status: 'Contacted',
      notes: [expect.objectContaining({ text: 'Rang back; site visit on Friday.' })],
    });
    expect(
      await auditHas(request, { event: 'lead.status-changed', target: `enquiries/${id}` }),
    ).toBe(true);

    await page.keyboard.press('Escape');
    await expect(modal).toBeHidden();
    await expect(row.getByRole('button', { name: /^View/ })).toBeFocused();
    await expect(badge(row)).toHaveText('Contacted');
  });

  test('a contact message: status and a note from its View, kept by the API', async ({
    page,
    request,
    seeder,
  }) => {
    const name = unique('message');
    const id = await seeder.post('/api/contact', {
      name,
      email: 'sender@example.com',
      message: 'Please call me back.',
    });
    await logIn(page, roomOf('messages').path);
    const item = page
      .locator('section[aria-labelledby="messages-heading"]')
      .getByRole('listitem')
      .filter({ hasText: name });
    await expect(item.locator('.admin-badge')).toHaveText('New');
    await item.getByRole('button', { name: /^View/ }).click();
    await item.getByLabel('Status').selectOption('Qualified');
    await item.getByRole('button', { name: 'Save follow-up' }).click();
    await expect(item.getByRole('status')).toHaveText('Status saved: Qualified.');
    await expect(item.locator('.admin-badge')).toHaveText('Qualified');
    await item.getByLabel('Add note').fill('Sent the brochure.');
    await item.getByRole('button', { name: 'Save follow-up' }).click();
    await expect(item.getByRole('status')).toHaveText('Note added.');
    await expect(item.getByText('Sent the brochure.')).toBeVisible();
    const target = `contact-messages/${id}`;
    expect(await auditHas(request, { event: 'lead.status-changed', target })).toBe(true);
    expect(await auditHas(request, { event: 'lead.note-added', target })).toBe(true);
    expect(await axeViolations(page)).toEqual([]);

    const headers = { Authorization: `Bearer ${await sharedAdminToken(request)}` };
    const stored = await request.get(`/api/contact-messages/${id}`, { headers });
    expect(await stored.json()).toMatchObject({
      name,
      status: 'Qualified',
      notes: [{ text: 'Sent the brochure.' }],
    });
  });

  test('the Order control sorts the page shown: New → Lost, Lost → New, then as listed', async ({
    page,
  }) => {
    const statuses = ['Won', 'New', 'Lost', 'Contacted', 'Qualified', 'New'];
    const listed = statuses.map((status, index) => ({
      ...enquiryBody(`Sorted ${index}`),
      _id: `sorted-${index}`,
      createdAt: new Date(Date.UTC(2026, 0, 31 - index)).toISOString(),
      status,
      notes: [],
      version: 1,
    }));
    await page.route(
      (url) => url.pathname === '/api/enquiries',
      (route) =>
        route.fulfill({ json: listed, headers: { 'X-Total-Count': String(listed.length) } }),
    );
    await logIn(page);
    const panel = page.locator('section[aria-labelledby="enquiries-heading"]');
    const header = panel.locator('th', { hasText: /^Status$/ });
    const order = panel.getByLabel('Order');
    const cells = panel.locator('td[data-label="Status"]');
    await expect(header).not.toHaveAttribute('aria-sort');
    await expect(cells).toHaveText(statuses);
    await order.selectOption('Status, New to Lost');
    await expect(header).toHaveAttribute('aria-sort', 'ascending');
    await expect(cells).toHaveText(['New', 'New', 'Contacted', 'Qualified', 'Won', 'Lost']);
    await expect(panel.locator('td[data-label="Full Name"]').first()).toHaveText('Sorted 1');
    await order.selectOption('Status, Lost to New');
    await expect(header).toHaveAttribute('aria-sort', 'descending');
    await expect(cells).toHaveText(['Lost', 'Won', 'Qualified', 'Contacted', 'New', 'New']);
    await order.selectOption('Newest first');
    await expect(cells).toHaveText(statuses);
  });
});
