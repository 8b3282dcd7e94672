/**
 * The Applications room (/admin/applications, issue 39) against the local server: an application
 * sent with its CV is listed with its opening and location; View offers the CV as a download
 * (the file as sent, under the server's name), the applications' own statuses and notes; search
 * finds it by location; Delete asks first and takes it away. Keyboard, axe and 320 px too.
 */
import type { APIRequestContext } from '@playwright/test';
import { acceptDialogs, expect, logIn, test, unique } from './admin-support';
import { roomOf } from '../../src/admin/rooms/index.ts';
import { adminToken, axeViolations } from './support';
import { testProof } from '../support/proof.ts';
import { makePdf } from '../support/hostile-files.ts';

const ROOM = roomOf('applications').path;

/** Sends an application as the careers form's script does; its id. */
async function apply(request: APIRequestContext, name: string, cv: Buffer): Promise<string> {
  const res = await request.post('/api/applications', {
    headers: { accept: 'application/json' },
    multipart: {
      name,
      email: 'e2e.applicant@example.com',
      phone: '+91 98470 12345',
      opening: 'open',
      location: 'Thrissur, Kerala',
      coverNote: `Field engineer for biogas plants. ${name}`,
      consent: 'yes',
      altcha: await testProof(),
      cv: { name: 'my cv.pdf', mimeType: 'application/pdf', buffer: cv },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { _id: string })._id;
}

async function remove(request: APIRequestContext, id: string): Promise<void> {
  const token = await adminToken(request);
  await request.delete(`/api/applications/${id}`, {
    headers: { authorization: `Bearer ${token}` },
  });
}

test('lists an application; View downloads its CV and follows it up; Delete removes it', async ({
  page,
  request,
}) => {
  const name = unique('Applicant Meera');
  const cv = makePdf({ page: `BT (${name}) Tj ET` });
  const id = await apply(request, name, cv);
  try {
    await logIn(page, ROOM);
    await expect(page.getByRole('heading', { level: 1, name: 'Applications' })).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search applications' }).fill(name);
    await page.getByRole('searchbox', { name: 'Search applications' }).press('Enter');
    const item = page.locator(`[data-application-id="${id}"]`);
    await expect(item).toContainText('Open application');
    await expect(item).toContainText('Thrissur, Kerala');
    await expect(item).toContainText('New');

    await item.getByRole('button', { name: `View application from ${name}` }).click();
    await expect(item.locator('[data-cv-facts]')).toContainText('PDF, 1 KB');
    await expect(item.locator('[data-cv-facts]')).toContainText('“my cv.pdf”');
    const downloading = page.waitForEvent('download');
    await item.getByRole('button', { name: `Download CV of ${name}` }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^CV-[0-9A-Z-]+\.pdf$/);
    const saved = await download.path();
    const { readFileSync } = await import('node:fs');
    expect(readFileSync(saved).equals(cv)).toBe(true);

    // The applications' own statuses, by keyboard.
    const status = item.getByLabel('Status');
    await expect(status.locator('option')).toHaveText([
      'New',
      'Shortlisted',
      'Interview',
      'Offer',
      'Rejected',
      'Withdrawn',
    ]);
    await status.selectOption('Interview');
    await item.getByLabel('Add note').fill('Interview on site in Thrissur, Tuesday 10:00.');
    await item.getByRole('button', { name: 'Save follow-up' }).focus();
    await page.keyboard.press('Enter');
    await expect(item.locator('.admin-badge')).toHaveText('Interview');
    await expect(item).toContainText('Interview on site in Thrissur');
    expect(await axeViolations(page)).toEqual([]);

    await page.setViewportSize({ width: 320, height: 800 });
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: '/tmp/applications-320.png', fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });

    const dialogs = acceptDialogs(page);
    await item.getByRole('button', { name: `Delete application from ${name}` }).click();
    await expect(item).toHaveCount(0);
    expect(dialogs[0]).toBe('Delete this application and its CV? This action cannot be undone.');
    const token = await adminToken(request);
    const gone = await request.get(`/api/applications/${id}/cv`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(gone.status()).toBe(404);
  } finally {
    await remove(request, id);
  }
});
