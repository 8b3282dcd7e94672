import type { Locator, Page } from '@playwright/test';
import { expect, logIn } from './admin-support';
import { roomOf } from '../../src/admin/rooms/index.ts';
import { recordBackup, test, type SeededMail } from './outbox-support';
import { axeViolations } from './support';

test.describe.configure({ timeout: 60_000 });

const MAIL_ROOM = roomOf('mail').path;
const SECURITY_ROOM = roomOf('security').path;

/** The Mail room's line; other tests' e-mails may be counted too, so any number. */
const warningLine = (page: Page) =>
  page.getByRole('button', { name: /^\d+ e-mails? not delivered$/ });

const rowOf = (page: Page, mail: SeededMail) => page.locator(`tr[data-outbox-key="${mail.key}"]`);
const cell = (row: Locator, column: string) => row.locator(`td[data-label="${column}"]`);
const retryButton = (row: Locator) => row.getByRole('button', { name: /^(Retry now|Sending…)/ });

/** A date as the admin shows it, formatted by the browser (its time zone, its ICU). */
const shownDate = (page: Page, iso: string) =>
  page.evaluate(
    (value) => new Date(value).toLocaleString('en-IN', { dateStyle: 'medium', timeStyle: 'short' }),
    iso,
  );

/**
 * The Mail room's list, open from the start; its line folds it away and back from the keyboard.
 * Returns the list.
 */
async function openList(page: Page): Promise<Locator> {
  const line = warningLine(page);
  await expect(line).toHaveAttribute('aria-expanded', 'true');
  const list = page.locator(`[id="${await line.getAttribute('aria-controls')}"]`);
  await expect(list).toBeVisible();
  await line.focus();
  await page.keyboard.press('Enter');
  await expect(line).toHaveAttribute('aria-expanded', 'false');
  await expect(list).toBeHidden();
  await page.keyboard.press('Enter');
  await expect(line).toHaveAttribute('aria-expanded', 'true');
  await expect(list).toBeVisible();
  return list;
}

test.describe('e-mails not delivered', () => {
  test('the line counts them and opens their list: to whom, which lead, error, state, next try', async ({
    page,
    outbox,
  }) => {
    const givenUp = await outbox.mail({ store: 'enquiries', state: 'failed' });
    const waiting = await outbox.mail({
      store: 'contact-messages',
      state: 'pending',
      attempts: 0,
      kind: 'ack',
    });
    await logIn(page, MAIL_ROOM);

    const list = await openList(page);
    const count = Number((await warningLine(page).textContent())?.split(' ')[0]);
    expect(count).toBeGreaterThanOrEqual(2);
    await expect(list.locator('tbody tr')).toHaveCount(count);
    await expect(list.getByRole('table', { name: /not delivered$/ })).toBeVisible();

    const failed = rowOf(page, givenUp);
    await expect(cell(failed, 'E-mail')).toHaveText('Notification to the office');
    await expect(cell(failed, 'To')).toHaveText(givenUp.to);
    await expect(cell(failed, 'Lead')).toHaveText(`Enquiry ${givenUp.leadId}`);
    await expect(cell(failed, 'Last error')).toHaveText(givenUp.lastError!);
    await expect(cell(failed, 'State')).toHaveText('Given up');
    await expect(cell(failed, 'Next try')).toHaveText('None');

    const pending = rowOf(page, waiting);
    await expect(cell(pending, 'E-mail')).toHaveText('Acknowledgement to the sender');
    await expect(cell(pending, 'Lead')).toHaveText(`Contact message ${waiting.leadId}`);
    await expect(cell(pending, 'Last error')).toHaveText('No attempt yet');
    await expect(cell(pending, 'State')).toHaveText('Retrying');
    const next = cell(pending, 'Next try').locator('time');
    await expect(next).toHaveAttribute('datetime', waiting.nextAttemptAt!);
    await expect(next).toHaveText(await shownDate(page, waiting.nextAttemptAt!));
    await expect(retryButton(pending)).toHaveAccessibleName(
      `Retry now the acknowledgement to ${waiting.to} about Contact message ${waiting.leadId}`,
    );

    await expect(warningLine(page)).toBeFocused();
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press('Enter');
    await expect(list).toBeHidden();
  });

  test('Retry now is busy while it sends, then gives the server’s answer; the row stays usable', async ({
    page,
    outbox,
  }) => {
    const mail = await outbox.mail({ store: 'enquiries', state: 'pending' });
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/outbox', async (route) => {
      if (route.request().method() === 'POST') await held;
      await route.continue();
    });
    await logIn(page, MAIL_ROOM);
    await openList(page);
    const button = retryButton(rowOf(page, mail));
    await button.focus();
    await page.keyboard.press('Enter');
    await expect(button).toHaveAttribute('aria-busy', 'true');
    await expect(button).toHaveAttribute('aria-disabled', 'true');
    await expect(button).toContainText('Sending…');

    release();
    // The e2e server has no SMTP_HOST: it refuses (409); one that has a dead mail server retries.
    await expect(
      page
        .getByRole('alert')
        .filter({ hasText: 'This site sends no e-mail (SMTP_HOST is not set here).' })
        .or(page.getByRole('status').filter({ hasText: /^Still not delivered: / })),
    ).toBeVisible();
    await expect(button).toHaveAttribute('aria-busy', 'false');
    await expect(button).toHaveAttribute('aria-disabled', 'false');
    await expect(button).toContainText('Retry now');
    await expect(button).toBeFocused();
    await expect(cell(rowOf(page, mail), 'State')).toHaveText('Retrying');
  });

  test('Retry now says how it went in a polite status, and the list is read again', async ({
    page,
    outbox,
  }) => {
    const refused = await outbox.mail({ store: 'enquiries', state: 'pending' });
    const delivered = await outbox.mail({ store: 'contact-messages', state: 'pending' });
    // The server's answers as a reachable mail server would give them; the list stays real.
    await page.route('**/api/outbox', async (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      const { key } = route.request().postDataJSON() as { key: string };
      if (key === delivered.key) await outbox.remove(key);
      await route.fulfill({ json: { result: key === delivered.key ? 'sent' : 'retry' } });
    });
    await logIn(page, MAIL_ROOM);
    await openList(page);
    const status = page.locator('.admin-outbox').getByRole('status');

    await retryButton(rowOf(page, refused)).click();
    await expect(status).toHaveText(
      `Still not delivered: ${refused.lastError}. It will be tried again on ${await shownDate(
        page,
        refused.nextAttemptAt!,
      )}.`,
    );

    await retryButton(rowOf(page, delivered)).click();
    await expect(status).toHaveText(`The e-mail to ${delivered.to} was sent.`);
    await expect(rowOf(page, delivered)).toHaveCount(0);
    // Its button is gone: the keyboard goes on from the line.
    await expect(warningLine(page)).toBeFocused();
    await expect(rowOf(page, refused)).toHaveCount(1);
  });

  test('nothing shows while every e-mail went out; a failed read says why', async ({ page }) => {
    await page.route('**/api/outbox', (route) => route.fulfill({ json: { undelivered: [] } }));
    await logIn(page, MAIL_ROOM);
    await expect(page.getByText(/not delivered/)).toHaveCount(0);
    await expect(page.getByText('Every e-mail has been delivered.')).toBeVisible();
    expect((await page.locator('.admin-outbox').boundingBox())?.height).toBe(0);

    await page.unroute('**/api/outbox');
    await page.route('**/api/outbox', (route) =>
      route.fulfill({ status: 500, json: { error: 'Internal error.' } }),
    );
    await logIn(page, MAIL_ROOM);
    await expect(page.getByRole('alert')).toHaveText(
      'Failed to load the e-mails not delivered. HTTP error! status: 500',
    );
    // Not "every e-mail has been delivered": nothing is known.
    await expect(page.getByText('Every e-mail has been delivered.')).toHaveCount(0);
  });

  test('at 320 px the open list fits without sideways scrolling; its buttons are 44 px', async ({
    page,
    outbox,
  }) => {
    const mail = await outbox.mail({ store: 'enquiries', state: 'failed' });
    await page.setViewportSize({ width: 320, height: 640 });
    await logIn(page, MAIL_ROOM);
    await openList(page);
    await expect(rowOf(page, mail)).toBeVisible();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    for (const button of [warningLine(page), retryButton(rowOf(page, mail))]) {
      const size = await button.boundingBox();
      expect(size && size.width >= 44 && size.height >= 44).toBe(true);
    }
  });
});

test.describe('the last backup', () => {
  test('the Security room says when the last backup ran', async ({ page }) => {
    const at = await recordBackup(2);
    await logIn(page, SECURITY_ROOM);
    const line = page.locator('.admin-backup');
    await expect(line).toHaveText(`Last backup: ${await shownDate(page, at)}.`);
    await expect(line).not.toHaveClass(/admin-warning/);
    expect(await axeViolations(page)).toEqual([]);
  });
});
