/**
 * `npm run backup -- [--out FILE] [--deploy ID]`: every backed-up store (scripts/backup-core.ts)
 * to one file (default backups/backup-<time>.age), encrypted to BACKUP_RECIPIENT and signed with
 * BACKUP_SIGNING_KEY, streamed to disk (a page of keys and a few blobs in memory at a time).
 * Reads a real site with NETLIFY_SITE_ID and NETLIFY_AUTH_TOKEN, else the local data
 * (scripts/backup-target.ts). Records its time and counts in the health store, where the admin
 * reads "Last backup". Prints the counts, the size and the time taken; never a record.
 * `npm run backup -- --keygen` prints both new key pairs (scripts/backup-keys.ts);
 * `--keygen-signing` only a signing pair, to add signing to an existing age pair.
 */
import { once } from 'node:events';
import { createWriteStream, mkdirSync, renameSync, rmSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { BackupError, backupLines, seal } from './backup-core.ts';
import { BackupKeyError, keygenText, makeSigningPair, signingKey } from './backup-keys.ts';
import { openTarget } from './backup-target.ts';
import { loadEnvFileUnlessSet } from './env-file.ts';

const root = new URL('..', import.meta.url).pathname;
const { values } = parseArgs({
  options: {
    out: { type: 'string' },
    deploy: { type: 'string' },
    keygen: { type: 'boolean', default: false },
    'keygen-signing': { type: 'boolean', default: false },
  },
});
if (values.keygen) {
  console.log(await keygenText());
  process.exit(0);
}
if (values['keygen-signing']) {
  const pair = makeSigningPair();
  console.log(`BACKUP_SIGNING_KEY=${pair.signing}\nBACKUP_VERIFY_KEY=${pair.verify}`);
  process.exit(0);
}
loadEnvFileUnlessSet(root, ['BACKUP_RECIPIENT', 'BACKUP_SIGNING_KEY']);

const now = new Date();
const out = resolve(
  values.out ?? `${root}backups/backup-${now.toISOString().replace(/[:.]/g, '-')}.age`,
);
const partial = `${out}.partial`;
try {
  const keys = {
    recipient: process.env['BACKUP_RECIPIENT'] ?? '',
    signingKey: signingKey(process.env['BACKUP_SIGNING_KEY'] ?? ''),
  };
  const target = await openTarget(root, values.deploy);
  try {
    const started = performance.now();
    mkdirSync(dirname(out), { recursive: true });
    const file = createWriteStream(partial);
    const { stores, bytes } = await seal(backupLines(target.storeOf, now), keys, (chunk) =>
      file.write(chunk) ? undefined : once(file, 'drain'),
    );
    file.end();
    await once(file, 'finish');
    renameSync(partial, out);
    await target.storeOf('health').setJSON('last-backup', { at: now.toISOString(), stores, bytes });
    const counts = Object.entries(stores)
      .map(([name, count]) => `${name} ${count}`)
      .join(', ');
    console.log(
      `Backed up ${target.label}: ${counts}; ${(bytes / 1024).toFixed(1)} KiB in ` +
        `${((performance.now() - started) / 1000).toFixed(1)} s, to ${out}`,
    );
  } finally {
    await target.close();
  }
} catch (error) {
  rmSync(partial, { force: true });
  console.error(
    error instanceof BackupError || error instanceof BackupKeyError ? error.message : error,
  );
  process.exitCode = 1;
}
