/**
 * GET /api/backup (admin): when the last backup ran (scripts/backup.ts writes it to the health
 * store) and what it held, and whether it is overdue (none, or older than BACKUP_OVERDUE_HOURS):
 * the admin shows "Last backup: …" and warns when it is.
 */
import type { Config } from '@netlify/functions';
import { BACKUP_OVERDUE_HOURS, type BackupStatus } from '../src/lib/schemas/index.ts';
import { admin } from './_lib/auth.ts';
import { dispatch, endpoint, json } from './_lib/http.ts';
import { withStore } from './_lib/repositories/store.ts';

const status = admin(async () => {
  const last = (await withStore('health', (store) =>
    store.get('last-backup', { type: 'json' }),
  )) as BackupStatus['last'];
  const age = last === null ? Infinity : Date.now() - Date.parse(last.at);
  const body: BackupStatus = { last, overdue: !(age <= BACKUP_OVERDUE_HOURS * 3_600_000) };
  return json(body, 200, { 'cache-control': 'no-store' });
});

export default endpoint((req, context) => dispatch(req, context, { GET: status }));

export const config: Config = {
  path: '/api/backup',
};
