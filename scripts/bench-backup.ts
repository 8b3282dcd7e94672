/**
 * `npx node scripts/bench-backup.ts [N…]` (default 1000 10000): the backup's figures for the
 * note: N leads (70 % enquiries, 30 % contact messages, each with its own name, address and
 * text) stored in a fresh local Blobs folder, backed up, restored into another, with the time of
 * each step (the restore's includes checking the signature and every blob first) and the file's
 * size. Loopback and temporary folders only.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getStore } from '@netlify/blobs';
import { generateIdentity, identityToRecipient } from 'age-encryption';
import * as v from 'valibot';
import { contactMessages } from '../functions/_lib/repositories/contact-messages.ts';
import { enquiries } from '../functions/_lib/repositories/enquiries.ts';
import { ContactMessageSchema, parseEnquiry } from '../src/lib/schemas/index.ts';
import { sampleEnquiry } from './bench-kit.ts';
import { backupLines, open, sealToBytes } from './backup-core.ts';
import { makeSigningPair, signingKey, verifyKey } from './backup-keys.ts';
import { restore } from './backup-restore.ts';
import { startLocalBlobs } from './local-blobs.ts';

const root = new URL('..', import.meta.url).pathname;
const sizes = process.argv.slice(2).map(Number);
const storeOf = (name: string) => getStore({ name, consistency: 'strong' });
const words = 'biogas solar panchayat school compost rooftop hospital hotel farm water audit'.split(
  ' ',
);
const text = (n: number) =>
  Array.from({ length: 30 }, (_, i) => words[(n * 7 + i * 3) % words.length]).join(' ');

async function seed(count: number) {
  const base = parseEnquiry(sampleEnquiry());
  if (!base.success) throw new Error('invalid fixture');
  for (let n = 0; n < count; n += 50) {
    await Promise.all(
      Array.from({ length: Math.min(50, count - n) }, (_, k) => {
        const i = n + k;
        const id = randomBytes(3).toString('hex');
        if (i % 10 < 7) {
          return enquiries.create({
            ...base.output,
            fullName: `Lead ${id}`,
            emailAddress: `lead.${id}@example.org`,
            additionalComments: text(i),
          });
        }
        const message = v.parse(ContactMessageSchema, {
          name: `Sender ${id}`,
          email: `sender.${id}@example.org`,
          message: text(i),
        });
        return contactMessages.create(message);
      }),
    );
  }
}

for (const count of sizes.length ? sizes : [1_000, 10_000]) {
  const from = await mkdtemp(join(tmpdir(), 'bench-backup-'));
  const to = await mkdtemp(join(tmpdir(), 'bench-restore-'));
  const identity = await generateIdentity();
  const pair = makeSigningPair();
  let stop = await startLocalBlobs(root, from);
  await seed(count);
  let started = performance.now();
  const file = await sealToBytes(backupLines(storeOf), {
    recipient: await identityToRecipient(identity),
    signingKey: signingKey(pair.signing),
  });
  const backupS = (performance.now() - started) / 1000;
  await stop();
  stop = await startLocalBlobs(root, to);
  started = performance.now();
  const backup = await open(file, { identity, verifyKey: verifyKey(pair.verify) });
  const report = await restore(backup, storeOf);
  const restoreS = (performance.now() - started) / 1000;
  await stop();
  console.log(
    `${count} leads: ${report.verified} blobs, file ${(file.length / 1024).toFixed(0)} KiB, ` +
      `backup ${backupS.toFixed(1)} s, restore with read-back ${restoreS.toFixed(1)} s`,
  );
  await Promise.all([rm(from, { recursive: true }), rm(to, { recursive: true })]);
}
