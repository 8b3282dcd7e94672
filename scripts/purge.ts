/**
 * `npm run purge -- --dry-run`: what the daily retention function (functions/retention.ts) would
 * remove from the local data (BLOBS_DIR, else .netlify/blobs-serve, the data `npm start` uses),
 * as a table of store, id, created, status and last change: never names or addresses.
 * Without `--dry-run` it deletes them. RETENTION_MONTHS comes from the environment or .env.
 *
 *   npm run purge -- --dry-run
 *   npm run purge -- --months 12 --dry-run
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { purgeExpired } from '../functions/_lib/retention.ts';
import { startLocalBlobs } from './local-blobs.ts';

const root = new URL('..', import.meta.url).pathname;
const { values } = parseArgs({
  options: { 'dry-run': { type: 'boolean', default: false }, months: { type: 'string' } },
});
if (existsSync(`${root}.env`)) process.loadEnvFile(`${root}.env`);

const months = values.months === undefined ? undefined : Number(values.months);
if (months !== undefined && !(Number.isSafeInteger(months) && months > 0)) {
  console.error('--months must be a positive whole number of months.');
  process.exit(2);
}

const dataDir = process.env['BLOBS_DIR']
  ? resolve(process.env['BLOBS_DIR'])
  : `${root}.netlify/blobs-serve`;
const stop = await startLocalBlobs(root, dataDir);
try {
  const result = await purgeExpired({
    dryRun: values['dry-run'],
    ...(months === undefined ? {} : { months }),
  });
  const header = ['store', 'id', 'created', 'status', 'last change'];
  const rows = result.removed.map((r) => [
    r.store,
    r.id,
    r.createdAt,
    r.status,
    r.statusChangedAt ?? '',
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: string[]) => cells.map((cell, i) => cell.padEnd(widths[i]!)).join('  ');
  console.log(`Data: ${dataDir}`);
  if (rows.length > 0) {
    console.log(line(header));
    for (const row of rows) console.log(line(row));
  }
  const verb = result.dryRun ? 'Would remove' : 'Removed';
  console.log(
    `${verb} ${rows.length} record(s) past ${result.months} months (last change before ${result.cutoff})` +
      (result.dryRun ? '; nothing was deleted (run without --dry-run to delete).' : '.'),
  );
} finally {
  await stop();
}
