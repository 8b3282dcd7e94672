/**
 * `npm run backup -- [--out FILE] [--deploy ID]`: every backed-up store (scripts/backup-core.ts)
 * to one age-encrypted file (default backups/backup-<time>.age), encrypted to BACKUP_RECIPIENT.
 * Reads a real site with NETLIFY_SITE_ID and NETLIFY_AUTH_TOKEN, else the local data
 * (scripts/backup-target.ts). Records its time and counts in the health store, where the admin
 * reads "Last backup". Prints the counts, the size and the time taken; never a record.
 * `npm run backup -- --keygen` prints a new key pair (BACKUP_IDENTITY and BACKUP_RECIPIENT).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { generateIdentity, identityToRecipient } from 'age-encryption';
import { BackupError, collect, seal } from './backup-core.ts';
import { openTarget } from './backup-target.ts';

const root = new URL('..', import.meta.url).pathname;
const { values } = parseArgs({
  options: {
    out: { type: 'string' },
    deploy: { type: 'string' },
    keygen: { type: 'boolean', default: false },
  },
});
if (values.keygen) {
  // A new key pair: the identity is kept offline (a password manager), the recipient is a setting.
  const identity = await generateIdentity();
  console.log(
    `BACKUP_IDENTITY=${identity}\nBACKUP_RECIPIENT=${await identityToRecipient(identity)}`,
  );
  process.exit(0);
}
if (process.env['BACKUP_RECIPIENT'] === undefined) {
  try {
    process.loadEnvFile(`${root}.env`);
  } catch {
    // No .env: the environment alone.
  }
}

const recipient = process.env['BACKUP_RECIPIENT'] ?? '';
const now = new Date();
const out = resolve(
  values.out ?? `${root}backups/backup-${now.toISOString().replace(/[:.]/g, '-')}.age`,
);
const target = await openTarget(root, values.deploy);
try {
  const started = performance.now();
  const document = await collect(target.storeOf, now);
  const file = await seal(document, recipient);
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, file);
  const { stores } = document.manifest;
  await target.storeOf('health').setJSON('last-backup', {
    at: now.toISOString(),
    stores,
    bytes: file.length,
  });
  const counts = Object.entries(stores)
    .map(([name, count]) => `${name} ${count}`)
    .join(', ');
  console.log(
    `Backed up ${target.label}: ${counts}; ${(file.length / 1024).toFixed(1)} KiB in ` +
      `${((performance.now() - started) / 1000).toFixed(1)} s, to ${out}`,
  );
} catch (error) {
  console.error(error instanceof BackupError ? error.message : error);
  process.exitCode = 1;
} finally {
  await target.close();
}
