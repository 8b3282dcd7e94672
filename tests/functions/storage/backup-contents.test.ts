/**
 * What a backup holds and gives back (scripts/backup-core.ts, scripts/backup-restore.ts): every
 * blob of every backed-up store with its metadata, read back after a restore exactly as it was;
 * the idempotency keys of both kinds of lead, so a visitor's retry after a restore still finds
 * its first submission instead of storing a second; and the backup streams, reading a few blobs
 * at a time rather than every store before the first line is written.
 */
import { describe, expect, it } from 'vitest';
import contactFn from '../../../functions/contact.ts';
import enquiriesFn from '../../../functions/enquiries.ts';
import { BACKED_UP_STORES, backupLines, open, sealToBytes } from '../../../scripts/backup-core.ts';
import { restore } from '../../../scripts/backup-restore.ts';
import { call, useBlobs } from '../helpers.ts';
import { blobReads, recordIds } from '../store-inspection.ts';
import { validContact, validEnquiry } from '../samples.ts';
import { seedStore } from '../seed-store.ts';
import { makeKeys, snapshot, storeOf } from './backup-kit.ts';

const blobs = useBlobs({ silenceErrors: true });

describe('a backup', () => {
  it('gives back every blob of every store with its metadata', async () => {
    const keys = await makeKeys();
    for (const [index, store] of BACKED_UP_STORES.entries()) {
      await seedStore(
        blobs,
        store,
        Array.from({ length: 5 }, (_, n) => ({
          key: n === 0 ? `nested/${store}/${n}` : `${store}-${n}`,
          value: { store, n },
          metadata: { store, n, index, at: `2026-11-0${n + 1}`, tags: ['a', n] },
        })),
      );
    }
    const before = await snapshot();
    expect(before.size).toBe(BACKED_UP_STORES.length * 5);
    const file = await sealToBytes(backupLines(storeOf), keys.making);

    blobs.freshSite();
    await restore(await open(file, keys.opening), storeOf, { includeSecurity: true });
    for (const name of BACKED_UP_STORES) {
      const store = storeOf(name);
      for (let n = 0; n < 5; n++) {
        const key = n === 0 ? `nested/${name}/${n}` : `${name}-${n}`;
        const found = await store.getWithMetadata(key, { type: 'json' });
        expect(found?.data, key).toEqual({ store: name, n });
        expect(found?.metadata, key).toEqual({
          store: name,
          n,
          index: BACKED_UP_STORES.indexOf(name),
          at: `2026-11-0${n + 1}`,
          tags: ['a', n],
        });
      }
    }
    expect(await snapshot()).toEqual(before);
  }, 60_000);

  it('holds the idempotency keys: a retry after a restore finds its first submission', async () => {
    const keys = await makeKeys();
    const sendContact = () =>
      call(contactFn, {
        path: '/api/contact',
        json: validContact(),
        headers: { 'idempotency-key': 'contact-key-0123456789' },
      });
    const sendEnquiry = () =>
      call(enquiriesFn, {
        path: '/api/enquiries',
        json: validEnquiry(),
        headers: { 'idempotency-key': 'enquiry-key-0123456789' },
      });
    const contact = await sendContact();
    const enquiry = await sendEnquiry();
    expect([contact.status, enquiry.status]).toEqual([201, 201]);
    const first = { contact: await contact.json(), enquiry: await enquiry.json() };

    const backup = await open(await sealToBytes(backupLines(storeOf), keys.making), keys.opening);
    // A claim and its day mark each.
    expect(backup.manifest.stores['contact-messages-keys']).toBe(2);
    expect(backup.manifest.stores['enquiries-keys']).toBe(2);
    blobs.freshSite();
    await restore(backup, storeOf);

    const again = { contact: await sendContact(), enquiry: await sendEnquiry() };
    expect(await again.contact.json()).toEqual(first.contact);
    expect(await again.enquiry.json()).toEqual(first.enquiry);
    expect(await recordIds('contact-messages')).toHaveLength(1);
    expect(await recordIds('enquiries')).toHaveLength(1);
  }, 60_000);

  it('streams: the first blobs are out before the store is read whole', async () => {
    await seedStore(
      blobs,
      'audit-log',
      Array.from({ length: 2_000 }, (_, n) => ({ key: `entry-${n}`, value: { n } })),
    );
    blobs.resetOps();
    const lines = backupLines(storeOf);
    let seen = 0;
    for await (const line of lines) {
      if ('key' in line && line.store === 'audit-log' && ++seen === 3) break;
    }
    expect(seen).toBe(3);
    // One batch of reads (16), not 2,000.
    expect(blobReads(blobs.ops, 'audit-log').length).toBeLessThanOrEqual(16);
  }, 60_000);
});
