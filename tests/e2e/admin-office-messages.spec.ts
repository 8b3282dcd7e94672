/**
 * Messages the office understands, in a real browser: the Backups line says what is wrong and who
 * to tell (the operator's pointer folded away), the enquiries' Order control names the order shown
 * and the sorted header says so, and the only passkey is not offered for removal.
 */
import type { Page, Route } from '@playwright/test';
import { axeViolations } from './support';
import { expect, submitLogin, test } from './admin-support';

/** Where each part lives: the admin's rooms may move them; change them here, in one place. */
const SECURITY_PAGE = '/admin/security';
const ENQUIRIES_PAGE = '/admin';

const HOUR = 3_600_000;
const WHO_TO_TELL =
  'Please tell whoever looks after the website: backups keep the enquiries and messages safe if the site’s data is lost.';

test.describe.configure({ timeout: 90_000 });

/** Signs in on the way to `path` (leaving an admin page signs out, so no other way in). */
async function openAdminPage(page: Page, path: string): Promise<void> {
  await page.goto(`/login?from=${encodeURIComponent(path)}`);
  await submitLogin(page);
  await expect(page).toHaveURL((url) => url.pathname === path);
}

/** Answers GET `path` with `json` (another state of the server than this run's). */
async function answer(page: Page, path: string, json: unknown): Promise<void> {
  await page.route(
    (url) => url.pathname === path,
    (route: Route) =>
      route.request().method() === 'GET' ? route.fulfill({ json }) : route.fallback(),
  );
}

const backupMade = (hoursAgo: number) => ({
  at: new Date(Date.now() - hoursAgo * HOUR).toISOString(),
  stores: { enquiries: 3 },
  bytes: 4096,
});

test.describe('the Backups line', () => {
  test('an overdue backup: how old, who to tell; the operator’s pointer opens from the keyboard', async ({
    page,
  }) => {
    await answer(page, '/api/backup', { last: backupMade(9 * 24 + 5), overdue: true });
    await openAdminPage(page, SECURITY_PAGE);
    const line = page.locator('.admin-backup');
    await expect(line).toHaveText(`The last backup is 9 days old. ${WHO_TO_TELL}`);
    await expect(line).toHaveClass(/admin-warning/);
    const operator = page.locator('.admin-backup__operator');
    const pointer = operator.getByText(/check the backup workflow on GitHub/);
    await expect(pointer).toBeHidden();
    const summary = operator.getByText('For the site’s operator');
    await summary.focus();
    await page.keyboard.press('Enter');
    await expect(pointer).toBeVisible();
    await expect(pointer).toContainText('README, section “Backups”');
    const size = await summary.boundingBox();
    expect(size && size.height >= 44).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
  });

  test('no backup yet: said plainly, with who to tell', async ({ page }) => {
    await answer(page, '/api/backup', { last: null, overdue: true });
    await openAdminPage(page, SECURITY_PAGE);
    await expect(page.locator('.admin-backup')).toHaveText(
      `No backup of the website’s data has been made yet. ${WHO_TO_TELL}`,
    );
    await expect(page.locator('.admin-backup__operator')).toContainText('For the site’s operator');
  });

  test('a recent backup: one quiet line, nothing for the operator', async ({ page }) => {
    await answer(page, '/api/backup', { last: backupMade(2), overdue: false });
    await openAdminPage(page, SECURITY_PAGE);
    const line = page.locator('.admin-backup');
    await expect(line).toHaveText(/^Last backup: .+\.$/);
    await expect(line).not.toHaveClass(/admin-warning/);
    await expect(page.locator('.admin-backup__operator')).toHaveCount(0);
  });
});

test.describe('the order of the enquiries', () => {
  test('the Order control names the order shown; the sorted header carries aria-sort', async ({
    page,
    seeder,
  }) => {
    await seeder.enquiry('order');
    await openAdminPage(page, ENQUIRIES_PAGE);
    const panel = page.locator('section[aria-labelledby="enquiries-heading"]');
    const order = panel.getByLabel('Order');
    const date = panel.locator('th', { hasText: /^Date$/ });
    const status = panel.locator('th', { hasText: /^Status$/ });
    await expect(order.locator('option:checked')).toHaveText('Newest first');
    await expect(date).toHaveAttribute('aria-sort', 'descending');
    await expect(status).not.toHaveAttribute('aria-sort');

    // From the keyboard: Tab reaches it, an arrow key changes the order.
    await order.focus();
    await expect(order).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(order.locator('option:checked')).toHaveText('Status, New to Lost');
    await expect(status).toHaveAttribute('aria-sort', 'ascending');
    await expect(date).not.toHaveAttribute('aria-sort');

    await order.selectOption('Status, Lost to New');
    await expect(status).toHaveAttribute('aria-sort', 'descending');
    await order.selectOption('Newest first');
    await expect(date).toHaveAttribute('aria-sort', 'descending');
    await expect(status).not.toHaveAttribute('aria-sort');
    expect(await axeViolations(page)).toEqual([]);
  });
});

test.describe('removing a passkey', () => {
  const passkeysPart = (page: Page) =>
    page.locator('.admin-security__part', {
      has: page.getByRole('heading', { level: 3, name: 'Passkeys' }),
    });

  test('every passkey of several is offered for removal', async ({ page }) => {
    // This run's server holds the run's passkey and this worker's: two at least.
    await openAdminPage(page, SECURITY_PAGE);
    const part = passkeysPart(page);
    const items = part.locator('.admin-passkey');
    await expect(items.first()).toBeVisible();
    const count = await items.count();
    expect(count).toBeGreaterThanOrEqual(2);
    await expect(part.getByRole('button', { name: /^Remove the passkey/ })).toHaveCount(count);
    await expect(part.getByText('Your only passkey here')).toHaveCount(0);
  });

  test('the only passkey has no Remove, and says why', async ({ page }) => {
    await answer(page, '/api/security', {
      passkeys: [
        {
          id: 'only-one',
          name: 'Office laptop',
          createdAt: '2026-11-01T09:00:00.000Z',
          backedUp: false,
        },
      ],
      totp: null,
      recoveryCodes: { createdAt: '2026-11-01T09:00:00.000Z', left: 10 },
    });
    await openAdminPage(page, SECURITY_PAGE);
    const item = passkeysPart(page).locator('.admin-passkey', { hasText: 'Office laptop' });
    await expect(item).toContainText(
      'Your only passkey here: add another one before you remove it.',
    );
    await expect(item.getByRole('button', { name: /^Remove/ })).toHaveCount(0);
    await expect(item.getByRole('button', { name: /^Rename/ })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });
});
