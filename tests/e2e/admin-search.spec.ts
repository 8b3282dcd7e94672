import type { Locator, Page } from '@playwright/test';
import { SEARCH_MESSAGES } from '../../src/lib/schemas/search';
import { axeViolations } from './support';
import {
  enquiryApi,
  enquiryBody,
  expect,
  leadPanels,
  logIn,
  openRoom,
  reloadAndLogIn,
  searchToken,
  sharedAdminToken,
  test,
} from './admin-support';
import { roomOf } from '../../src/admin/rooms/index.ts';

test.describe.configure({ timeout: 120_000 });

/** Types `q` into a search form and submits it with Enter. */
async function searchFor(form: Locator, q: string): Promise<void> {
  await form.getByRole('searchbox').fill(q);
  await form.getByRole('searchbox').press('Enter');
}

/** The live region of a list (loading, count, empty or no match). */
const listStatus = (panel: Locator) => panel.locator('.admin-count');

/** A phone number of 10 digits that no other test uses. */
const uniquePhone = () =>
  `9${String(Date.now()).slice(-6)}${Math.floor(Math.random() * 900 + 100)}`;

test.describe('search and filters of the lists', () => {
  test('accents and case fold, phone digits match, the URL keeps the view through a reload, Clear resets', async ({
    page,
    seeder,
  }) => {
    const token = searchToken();
    const phone = uniquePhone();
    await seeder.post(
      '/api/enquiries',
      enquiryBody(`José Fernández ${token}`, { phoneNumber: phone }),
    );
    await seeder.post('/api/enquiries', enquiryBody(`Asha Menon ${token}`));
    await logIn(page);
    const { enquiries, enquirySearch } = leadPanels(page);

    await searchFor(enquirySearch, `JOSE ${token}`);
    await expect(listStatus(enquiries)).toHaveText('1 enquiry matches, page 1 of 1');
    await expect(enquiries.locator('tbody tr')).toHaveCount(1);
    await expect(enquiries.locator('tbody tr')).toContainText('José Fernández');
    expect(new URL(page.url()).searchParams.get('q')).toBe(`JOSE ${token}`);
    expect(await axeViolations(page)).toEqual([]);

    // Digits typed as people write them: a space and a dash.
    await searchFor(enquirySearch, `${phone.slice(0, 5)} ${phone.slice(5, 8)}-${phone.slice(8)}`);
    await expect(enquiries.locator('tbody tr')).toHaveCount(1);
    await expect(enquiries.locator('tbody tr')).toContainText('José Fernández');

    await searchFor(enquirySearch, token);
    await expect(listStatus(enquiries)).toHaveText('2 enquiries match, page 1 of 1');

    await reloadAndLogIn(page);
    expect(new URL(page.url()).searchParams.get('q')).toBe(token);
    await expect(enquirySearch.getByRole('searchbox')).toHaveValue(token);
    await expect(listStatus(enquiries)).toHaveText('2 enquiries match, page 1 of 1');

    await enquirySearch.getByRole('button', { name: 'Clear' }).click();
    await expect(enquirySearch.getByRole('searchbox')).toHaveValue('');
    await expect(listStatus(enquiries)).toContainText(/^\d+ enquir(y|ies), page 1 of \d+$/);
    expect(new URL(page.url()).searchParams.has('q')).toBe(false);
  });

  test('results are paged, and a reload keeps the page', async ({ page, seeder }) => {
    test.slow();
    const token = searchToken();
    await Promise.all(
      Array.from({ length: 11 }, (_, index) =>
        seeder.post('/api/enquiries', enquiryBody(`Paged ${index} ${token}`)),
      ),
    );
    await logIn(page, `/admin?q=${token}&page=2`);
    const { enquiries } = leadPanels(page);
    await expect(listStatus(enquiries)).toHaveText('11 enquiries match, page 2 of 2');
    await expect(enquiries.locator('tbody tr')).toHaveCount(1);

    await enquiries.getByRole('button', { name: 'Page 1', exact: true }).click();
    await expect(listStatus(enquiries)).toHaveText('11 enquiries match, page 1 of 2');
    expect(new URL(page.url()).searchParams.has('page')).toBe(false);
    await enquiries.getByRole('button', { name: 'Next' }).click();
    await expect(page).toHaveURL(/[?&]page=2(&|$)/);

    await reloadAndLogIn(page);
    await expect(listStatus(enquiries)).toHaveText('11 enquiries match, page 2 of 2');
    await expect(enquiries.getByRole('button', { name: 'Page 2', exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  test('filter by status after a status change; the header counts follow', async ({
    page,
    request,
    seeder,
  }) => {
    const token = searchToken();
    const id = await seeder.post('/api/enquiries', enquiryBody(`Filtered ${token}`));
    await seeder.post('/api/enquiries', enquiryBody(`Unchanged ${token}`));
    const record = await enquiryApi(request, id);
    await record.setStatus('Qualified', (await record.get()).version);

    await logIn(page, `/admin?q=${token}&status=Qualified`);
    const { enquiries, enquirySearch } = leadPanels(page);
    await expect(enquirySearch.getByLabel('Status')).toHaveValue('Qualified');
    await expect(enquiries.locator('tbody tr')).toHaveCount(1);
    await expect(enquiries.locator('tbody tr')).toContainText(`Filtered ${token}`);

    await enquirySearch.getByLabel('Status').selectOption('New');
    await enquirySearch.getByRole('button', { name: 'Search' }).click();
    await expect(enquiries.locator('tbody tr')).toHaveCount(1);
    const row = enquiries.locator('tbody tr');
    await expect(row).toContainText(`Unchanged ${token}`);
    await expect(page).toHaveURL(/[?&]status=New(&|$)/);

    // The header counts New enquiries again as soon as the status is saved, and shows that count.
    // (Other tests add enquiries meanwhile: the number itself may go either way.)
    const counts = page.locator('.admin-counts');
    await expect(counts).toHaveText(
      /^\d+ new enquir(y|ies) · \d+ unread messages? · \d+ new applications?$/,
    );
    await row.getByRole('button', { name: /^View/ }).click();
    const modal = page.getByRole('dialog', { name: 'Enquiry Details' });
    await modal.getByLabel('Status').selectOption('Contacted');
    const recount = page.waitForResponse((response) => {
      const url = new URL(response.url());
      return url.pathname === '/api/enquiries' && url.searchParams.get('pageSize') === '1';
    });
    await modal.getByRole('button', { name: 'Save follow-up' }).click();
    await expect(modal.getByRole('status')).toHaveText('Status saved: Contacted.');
    const newCount = (await recount).headers()['x-new-count'];
    expect(newCount).toMatch(/^\d+$/);
    await expect(counts).toContainText(`${newCount} new enquir`);
  });

  test('no match: the message and Clear; axe clean; keyboard only', async ({ page, seeder }) => {
    const token = searchToken();
    await seeder.post('/api/contact', {
      name: `Sender ${token}`,
      email: 'sender@example.com',
      message: 'Please call me back.',
    });
    await logIn(page);
    const { enquiries, messages, enquirySearch, messageSearch } = leadPanels(page);

    // Keyboard only: into the box, type, Enter; Tab on to Clear and press it.
    await enquirySearch.getByRole('searchbox').focus();
    await page.keyboard.type(`nobody ${token}`);
    await page.keyboard.press('Enter');
    await expect(listStatus(enquiries)).toHaveText('No enquiries match your search.');
    await expect(enquiries.getByRole('button', { name: 'Clear search' })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    const clear = enquirySearch.getByRole('button', { name: 'Clear' });
    for (let step = 0; step < 10; step += 1) {
      if (await clear.evaluate((element) => element === document.activeElement)) break;
      await page.keyboard.press('Tab');
    }
    await expect(clear).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(enquirySearch.getByRole('searchbox')).toHaveValue('');
    await expect(listStatus(enquiries)).not.toHaveText('No enquiries match your search.');

    // The messages panel, in its own room, keeps its own names in the URL.
    await openRoom(page, 'messages');
    await searchFor(messageSearch, `sender ${token}`);
    await expect(messages.getByRole('listitem').filter({ hasText: token })).toHaveCount(1);
    await expect(listStatus(messages)).toHaveText('1 message matches, page 1 of 1');
    expect(new URL(page.url()).searchParams.get('mq')).toBe(`sender ${token}`);
    await messageSearch.getByLabel('Status').selectOption('Won');
    await messageSearch.getByRole('button', { name: 'Search' }).click();
    await expect(listStatus(messages)).toHaveText('No messages match your search.');
    await messages.getByRole('button', { name: 'Clear search' }).click();
    await expect(messageSearch.getByLabel('Status')).toHaveValue('');
  });

  test('a 101-character query from a link says why under the box', async ({ page }) => {
    await logIn(page, `/admin?q=${'x'.repeat(101)}`);
    const { enquiries, enquirySearch } = leadPanels(page);
    await expect(enquirySearch.getByRole('alert')).toHaveText(SEARCH_MESSAGES.tooLong);
    await expect(enquirySearch.getByRole('searchbox')).toHaveAttribute('aria-invalid', 'true');
    await expect(enquiries.locator('table')).toHaveCount(0);
    expect(await axeViolations(page)).toEqual([]);
    await enquirySearch.getByRole('button', { name: 'Clear' }).click();
    await expect(enquirySearch.getByRole('alert')).toBeHidden();
  });
});

/** The erasure section's form: looks an address up. */
async function findRecords(page: Page, email: string): Promise<Locator> {
  const section = page.locator('section[aria-labelledby="erasure-heading"]');
  await section.getByLabel('E-mail address').fill(email);
  await section.getByRole('button', { name: 'Find records' }).click();
  return section;
}

test.describe("erase a person's data", () => {
  test('preview, a confirmation naming the count, then every record gone from both lists', async ({
    page,
    request,
    seeder,
  }) => {
    const token = searchToken();
    const email = `${token}@example.in`;
    const ids = await Promise.all([
      seeder.post('/api/enquiries', enquiryBody(`Erased one ${token}`, { emailAddress: email })),
      seeder.post('/api/enquiries', enquiryBody(`Erased two ${token}`, { emailAddress: email })),
    ]);
    const messageId = await seeder.post('/api/contact', {
      name: `Erased ${token}`,
      email,
      message: 'Forget me.',
    });
    await logIn(page, roomOf('security').path);

    let section = await findRecords(page, `nobody.${token}@example.in`);
    await expect(section.getByRole('status')).toHaveText(
      'No enquiries, messages or applications use this address.',
    );
    await expect(section.getByRole('button', { name: /^Delete/ })).toHaveCount(0);

    section = await findRecords(page, email.toUpperCase());
    await expect(section.getByRole('status')).toHaveText(
      `Found 2 enquiries and 1 message for ${email.toUpperCase()}.`,
    );
    // The records the delete would take, listed before it: kind, date, name.
    const listed = section.getByRole('table', { name: 'Records to delete' });
    await expect(listed.locator('tbody tr')).toHaveCount(3);
    await expect(listed.locator('td[data-label="Kind"]')).toHaveText([
      'Enquiry',
      'Enquiry',
      'Message',
    ]);
    expect((await listed.locator('td[data-label="Name"]').allTextContents()).sort()).toEqual([
      `Erased one ${token}`,
      `Erased two ${token}`,
      `Erased ${token}`,
    ]);
    await expect(listed.locator('td[data-label="Date"]').first()).not.toHaveText('N/A');
    await section.getByRole('button', { name: 'Delete all 3 records' }).click();
    const dialog = page.getByRole('dialog', { name: 'Erase records' });
    await expect(dialog).toContainText(
      `Delete 3 records of ${email.toUpperCase()}? This cannot be undone.`,
    );
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(dialog).toBeHidden();
    await expect(section.getByRole('status')).toHaveText('Deleted 3 records.');

    // Gone from the store…
    const headers = { Authorization: `Bearer ${await sharedAdminToken(request)}` };
    for (const path of [
      ...ids.map((id) => `/api/enquiries/${id}`),
      `/api/contact-messages/${messageId}`,
    ])
      expect((await request.get(path, { headers })).status()).toBe(404);
    // …and from both lists.
    const { enquiries, messages, enquirySearch, messageSearch } = leadPanels(page);
    await openRoom(page, 'dashboard');
    await searchFor(enquirySearch, token);
    await expect(listStatus(enquiries)).toHaveText('No enquiries match your search.');
    await openRoom(page, 'messages');
    await searchFor(messageSearch, token);
    await expect(listStatus(messages)).toHaveText('No messages match your search.');
  });

  test('a record that arrived after the preview: 409, its message, the new count', async ({
    page,
    seeder,
  }) => {
    const token = searchToken();
    const email = `${token}@example.in`;
    await seeder.post('/api/enquiries', enquiryBody(`Before ${token}`, { emailAddress: email }));
    await logIn(page, roomOf('security').path);
    const section = await findRecords(page, email);
    await expect(section.getByRole('status')).toHaveText(`Found 1 enquiry for ${email}.`);
    await seeder.post('/api/contact', { name: `After ${token}`, email, message: 'Me again.' });

    await section.getByRole('button', { name: 'Delete 1 record' }).click();
    const dialog = page.getByRole('dialog', { name: 'Erase records' });
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(section.getByRole('alert')).toHaveText(
      '1 record of this address arrived after the preview. Review them and confirm again; ' +
        'nothing was deleted.',
    );
    await expect(section.getByRole('status')).toHaveText(
      `Found 1 enquiry and 1 message for ${email}.`,
    );
    await expect(section.getByRole('button', { name: 'Delete all 2 records' })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });
});
