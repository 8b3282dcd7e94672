/** GET /api/backup: the last backup as scripts/backup.ts records it, and when it is overdue. */
import { getStore } from '@netlify/blobs';
import { describe, expect, it } from 'vitest';
import backupFn from '../../../functions/backup-status.ts';
import { call, makeToken, useBlobs } from '../helpers.ts';

useBlobs();

const health = () => getStore({ name: 'health', consistency: 'strong' });
const record = (hoursAgo: number) => ({
  at: new Date(Date.now() - hoursAgo * 3_600_000).toISOString(),
  stores: { enquiries: 12, 'contact-messages': 3 },
  bytes: 2048,
});

describe('GET /api/backup', () => {
  it('is for the admin only', async () => {
    expect((await call(backupFn, { path: '/api/backup' })).status).toBe(401);
  });

  it('says there is none, and that one is overdue', async () => {
    const res = await call(backupFn, { path: '/api/backup', token: await makeToken() });
    expect(await res.json()).toEqual({ last: null, overdue: true });
  });

  it('gives the last one; overdue only after 48 hours', async () => {
    const token = await makeToken();
    const recent = record(47);
    await health().setJSON('last-backup', recent);
    expect(await (await call(backupFn, { path: '/api/backup', token })).json()).toEqual({
      last: recent,
      overdue: false,
    });
    await health().setJSON('last-backup', record(49));
    const late = (await (await call(backupFn, { path: '/api/backup', token })).json()) as {
      overdue: boolean;
    };
    expect(late.overdue).toBe(true);
  });
});
