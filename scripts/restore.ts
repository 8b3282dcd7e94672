/**
 * `npm run restore -- FILE [--replace] [--include-security] [--deploy ID]`: a backup
 * (scripts/backup-core.ts) back into the stores, checked with BACKUP_VERIFY_KEY and decrypted
 * with BACKUP_IDENTITY. The signature and every blob are checked before anything is written;
 * the rules of the writing are scripts/backup-restore.ts's: stores that are not empty are refused
 * unless `--replace` (a swap that puts the old data back on any failure); the admin's security
 * store only with `--include-security`. Writes a real site's stores with NETLIFY_SITE_ID and
 * NETLIFY_AUTH_TOKEN (or a deploy's with `--deploy`), else the local data: stop `npm start` first.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { BackupError, open } from './backup-core.ts';
import { BackupKeyError, verifyKey } from './backup-keys.ts';
import { restore } from './backup-restore.ts';
import { openTarget } from './backup-target.ts';
import { loadEnvFileUnlessSet } from './env-file.ts';

const root = new URL('..', import.meta.url).pathname;
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    replace: { type: 'boolean', default: false },
    'include-security': { type: 'boolean', default: false },
    deploy: { type: 'string' },
  },
});
loadEnvFileUnlessSet(root, ['BACKUP_IDENTITY', 'BACKUP_VERIFY_KEY']);
const [file] = positionals;
if (file === undefined) {
  console.error(
    'Usage: npm run restore -- <backup file> [--replace] [--include-security] [--deploy <id>]',
  );
  process.exit(2);
}

try {
  const backup = await open(readFileSync(file), {
    identity: process.env['BACKUP_IDENTITY'] ?? '',
    verifyKey: verifyKey(process.env['BACKUP_VERIFY_KEY'] ?? ''),
  });
  const target = await openTarget(root, values.deploy);
  try {
    const started = performance.now();
    const report = await restore(backup, target.storeOf, {
      replace: values.replace,
      includeSecurity: values['include-security'],
    });
    const counts = Object.entries(report.stores)
      .map(([name, count]) => `${name} ${count}`)
      .join(', ');
    console.log(
      `Restored into ${target.label}: ${counts}; ${report.verified} blobs read back and verified ` +
        `in ${((performance.now() - started) / 1000).toFixed(1)} s (backup of ${backup.manifest.createdAt}).`,
    );
    for (const [name, count] of Object.entries(report.skipped)) {
      if (count === 0) continue;
      console.log(
        `Left as it is: ${name} (${count} blobs in the backup; --include-security writes it).`,
      );
    }
  } finally {
    await target.close();
  }
} catch (error) {
  console.error(
    error instanceof BackupError || error instanceof BackupKeyError ? error.message : error,
  );
  process.exitCode = 1;
}
