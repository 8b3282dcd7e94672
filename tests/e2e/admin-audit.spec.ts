import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { AUDIT_EVENTS } from '../../src/lib/audit-events';
import { acceptDialogs, expect, logIn, openRoom, test, unique } from './admin-support';
import { roomOf } from '../../src/admin/rooms/index.ts';
import { auditHas } from './audit-support';

test.describe.configure({ timeout: 90_000 });

const auditSection = (page: Page) => page.locator('section[aria-labelledby="audit-heading"]');

/**
 * WCAG 2.2 A/AA violations inside the audit section only (support.ts `axeViolations` checks the
 * whole dashboard, whose other sections have tests of their own).
 */
async function sectionViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .include('section[aria-labelledby="audit-heading"]')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  return results.violations.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  );
}

/** A day as the filters take it, in UTC as the server counts days. */
const utcDay = (time = Date.now()) => new Date(time).toISOString().slice(0, 10);

/** Adds an announcement through the dashboard, then deletes it; returns its id. */
async function addAndDeleteAnnouncement(page: Page): Promise<string> {
  const text = unique('audited announcement');
  const added = page.waitForResponse(
    (response) =>
      response.request().method() === 'POST' &&
      new URL(response.url()).pathname === '/api/announcements',
  );
  await page.getByPlaceholder('Announcement text').fill(text);
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  const { _id: id } = (await (await added).json()) as { _id: string };
  const item = page
    .getByRole('list', { name: 'Announcements' })
    .getByRole('listitem')
    .filter({ hasText: text });
  await item.getByRole('button', { name: /^Delete/ }).click();
  await expect(item).toHaveCount(0);
  return id;
}

test.describe('the audit log in its room', () => {
  test('an announcement deleted here is listed under its event and dates, and in the CSV', async ({
    page,
    request,
  }) => {
    const dialogs = acceptDialogs(page);
    const from = utcDay();
    await logIn(page);
    const id = await addAndDeleteAnnouncement(page);
    const to = utcDay();
    await openRoom(page, 'audit');
    expect(dialogs).toEqual(['Delete this announcement?']);
    expect(await auditHas(request, { event: 'announcement.created', target: id })).toBe(true);

    const section = auditSection(page);
    await expect(section.getByRole('heading', { level: 2, name: 'Audit log' })).toBeVisible();
    await expect(section.getByText(/kept for 24 months\.$/)).toBeVisible();
    const event = section.getByLabel('Event');
    await expect(event.locator('option')).toHaveCount(AUDIT_EVENTS.length + 1);
    await expect(event.locator('option').first()).toHaveText('All events');

    await event.selectOption({ label: 'Announcement deleted' });
    await section.getByLabel('From date').fill(from);
    await section.getByLabel('To date').fill(to);
    await section.getByRole('button', { name: 'Apply' }).click();
    const status = section.getByRole('status');
    await expect(status).toHaveText(/^\d+ audit records? match(es)?, page 1 of \d+$/);
    const row = section.locator('tbody tr').filter({
      has: page.locator('td[data-label="Target"]', { hasText: id }),
    });
    await expect(row).toHaveCount(1);
    await expect(row.locator('td[data-label="Event"]')).toHaveText('Announcement deleted');
    await expect(row.locator('td[data-label="Target"]')).toHaveText(id);
    await expect(row.locator('td[data-label="Session"]')).toHaveText(/^[0-9a-f]{16}$/);
    const time = row.locator('td[data-label="Time"] time');
    await expect(time).toHaveText(new RegExp(String(new Date().getFullYear())));
    const at = Date.parse((await time.getAttribute('datetime')) ?? '');
    expect(Math.abs(Date.now() - at)).toBeLessThan(10 * 60_000);
    // Only the chosen event is listed.
    for (const label of await section.locator('td[data-label="Event"]').allTextContents()) {
      expect(label).toBe('Announcement deleted');
    }
    expect(await sectionViolations(page)).toEqual([]);

    // The CSV holds what the filters select.
    const download = page.waitForEvent('download');
    await section.getByRole('button', { name: /^Download CSV/ }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('audit-log.csv');
    const lines = (await readFile(await file.path(), 'utf8')).trim().split('\r\n');
    expect(lines[0]).toBe('Time,Event,Target,Count,Client address,Session');
    expect(lines.filter((line) => line.includes(`,announcement.deleted,${id},`))).toHaveLength(1);
    for (const line of lines.slice(1)) expect(line.split(',')[1]).toBe('announcement.deleted');

    // Dates with no record: the empty text; Clear shows the whole log again.
    await section.getByLabel('From date').fill('2000-01-01');
    await section.getByLabel('To date').fill('2000-01-01');
    await section.getByRole('button', { name: 'Apply' }).click();
    await expect(status).toHaveText('No audit records match these filters.');
    await expect(section.locator('table')).toHaveCount(0);
    await section.getByRole('button', { name: 'Clear' }).click();
    await expect(event).toHaveValue('');
    await expect(section.getByLabel('From date')).toHaveValue('');
    // The whole log counts only the newest buckets: past them it says 'At least N … or more'.
    await expect(status).toHaveText(
      /^(At least )?[\d,]+ audit records?, page 1 of [\d,]+( or more)?$/,
    );
  });

  test("a refused filter shows the server's message; a failed load says why", async ({ page }) => {
    await logIn(page, roomOf('audit').path);
    const section = auditSection(page);
    await expect(section.getByRole('status')).toHaveText(/audit records?, page 1 of/);
    const refused = 'from must be a date as YYYY-MM-DD.';
    await page.route(
      (url) => url.pathname === '/api/audit',
      (route) => route.fulfill({ status: 400, json: { error: refused } }),
    );
    await section.getByLabel('From date').fill('2026-01-01');
    await section.getByRole('button', { name: 'Apply' }).click();
    await expect(section.getByRole('alert').filter({ hasText: refused })).toBeVisible();
    await expect(section.getByLabel('From date')).toHaveAccessibleDescription(
      new RegExp(refused.replaceAll('.', '\\.')),
    );
    await expect(section.locator('table')).toHaveCount(0);

    await page.unroute((url) => url.pathname === '/api/audit');
    await page.route(
      (url) => url.pathname === '/api/audit',
      (route) => route.fulfill({ status: 500, json: { error: 'Internal error.' } }),
    );
    await section.getByRole('button', { name: 'Apply' }).click();
    await expect(section.getByRole('alert').filter({ hasText: /status: 500$/ })).toHaveText(
      'Failed to load the audit log. HTTP error! status: 500',
    );
  });

  test('at 320 px the section fits without sideways scrolling; controls are 44 px, focus shows', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 320, height: 640 });
    await logIn(page, roomOf('audit').path);
    const section = auditSection(page);
    // Sign-ins are recorded: this run's own login is there at least.
    await expect(section.locator('tbody tr').first()).toBeVisible();
    await section.scrollIntoViewIfNeeded();
    expect(
      await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      ),
    ).toBeLessThanOrEqual(0);
    const wrap = await section.locator('.admin-table-wrap').boundingBox();
    expect(wrap && wrap.x >= 0 && wrap.x + wrap.width <= 320).toBe(true);
    for (const control of await section.locator('button:visible, select, input').all()) {
      const size = await control.boundingBox();
      expect(size && size.width >= 44 && size.height >= 44).toBe(true);
    }

    const apply = section.getByRole('button', { name: 'Apply' });
    await apply.focus();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    await expect(apply).toBeFocused();
    expect(await apply.evaluate((button) => getComputedStyle(button).outlineStyle !== 'none')).toBe(
      true,
    );
  });
});
