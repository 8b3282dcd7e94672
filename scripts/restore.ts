/**
 * `npm run restore -- FILE [--replace] [--deploy ID]`: a backup (scripts/backup-core.ts) back
 * into the stores, decrypted with BACKUP_IDENTITY. Every blob is checked against the manifest
 * before anything is written; stores that are not empty are refused unless `--replace`; every
 * blob is read back and compared afterwards. Writes a real site's stores with NETLIFY_SITE_ID and
 * NETLIFY_AUTH_TOKEN (or a deploy's with `--deploy`), else the local data: stop `npm start` first.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { BackupError, open, restore } from './backup-core.ts';
import { openTarget } from './backup-target.ts';

const root = new URL('..', import.meta.url).pathname;
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { replace: { type: 'boolean', default: false }, deploy: { type: 'string' } },
});
if (process.env['BACKUP_IDENTITY'] === undefined) {
  try {
    process.loadEnvFile(`${root}.env`);
  } catch {
    // No .env: the environment alone.
  }
}
const [file] = positionals;
if (file === undefined) {
  console.error('Usage: npm run restore -- <backup file> [--replace] [--deploy <id>]');
  process.exit(2);
}

try {
  const document = await open(readFileSync(file), process.env['BACKUP_IDENTITY'] ?? '');
  const target = await openTarget(root, values.deploy);
  try {
    const started = performance.now();
    const report = await restore(document, target.storeOf, { replace: values.replace });
    const counts = Object.entries(report.stores)
      .map(([name, count]) => `${name} ${count}`)
      .join(', ');
    console.log(
      `Restored into ${target.label}: ${counts}; ${report.verified} blobs read back and verified ` +
        `in ${((performance.now() - started) / 1000).toFixed(1)} s (backup of ${document.manifest.createdAt}).`,
    );
  } finally {
    await target.close();
  }
} catch (error) {
  console.error(error instanceof BackupError ? error.message : error);
  process.exitCode = 1;
}
