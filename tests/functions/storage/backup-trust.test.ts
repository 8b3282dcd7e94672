/**
 * What a restore trusts (scripts/backup-core.ts `open`, scripts/backup-restore.ts): only a file
 * signed with the key BACKUP_VERIFY_KEY names, checked whole before the first write. Anyone with
 * the public age recipient can make a file that decrypts, so an unsigned file, one signed with
 * another key and a signed one changed afterwards are refused; so is a signed file whose blob
 * does not match its checksum (with the right size), or that names a store no backup holds. The
 * admin's security store is written only when asked by name, and a key that exists is never
 * overwritten without --replace, even one that appears after the stores were checked.
 */
import { gunzipSync, gzipSync } from 'node:zlib';
import { getStore } from '@netlify/blobs';
import { Decrypter, Encrypter } from 'age-encryption';
import { describe, expect, it } from 'vitest';
import { backupLines, BackupError, open, sealToBytes } from '../../../scripts/backup-core.ts';
import { restore } from '../../../scripts/backup-restore.ts';
import { useBlobs } from '../helpers.ts';
import { entryLine, fileOf, makeKeys, snapshot, storeOf, type Blob } from './backup-kit.ts';

useBlobs({ silenceErrors: true });

const passkey = (id: string): Blob => ({
  store: 'admin-security',
  key: `passkeys/${id}`,
  value: { id, publicKey: 'pQECAyYgASFYIA', counter: 0, name: id, rp: 'localhost' },
});
const lead: Blob = {
  store: 'contact-messages',
  key: '01KAAAAAAAAAAAAAAAAAAAAAAA',
  value: { name: 'Asha', message: 'Solar for the school' },
  metadata: { version: 1 },
};
const NOTHING = /Nothing was restored\./;

describe('a restore refuses, before writing anything', () => {
  it('an unsigned file: a signed one cut to its ciphertext, and one made as backups were before', async () => {
    const keys = await makeKeys();
    const signed = await fileOf([entryLine(lead)], keys.making);
    await expect(open(signed.subarray(0, signed.length - 80), keys.opening)).rejects.toThrow(
      /This backup is not signed/,
    );
    // The old format: age-encrypted gzip JSON, which anyone with the recipient could make.
    const encrypter = new Encrypter();
    encrypter.addRecipient(keys.making.recipient);
    const old = await encrypter.encrypt(gzipSync(JSON.stringify({ manifest: {}, data: [] })));
    await expect(open(old, keys.opening)).rejects.toThrow(/This backup is not signed/);
    await expect(open(old, keys.opening)).rejects.toThrow(NOTHING);
  });

  it('a file signed with another key, though it decrypts with the identity', async () => {
    const keys = await makeKeys();
    const stranger = await makeKeys();
    const forged = await fileOf([entryLine(lead), entryLine(passkey('planted'))], {
      recipient: keys.making.recipient,
      signingKey: stranger.making.signingKey,
    });
    await expect(open(forged, keys.opening)).rejects.toThrow(
      /not signed by the key BACKUP_VERIFY_KEY names.*Nothing was restored\./,
    );
  });

  it('a signed file changed afterwards: its manifest rewritten and encrypted again, or one byte flipped', async () => {
    const keys = await makeKeys();
    const file = await fileOf([entryLine(lead)], keys.making);
    const decrypter = new Decrypter();
    decrypter.addIdentity(keys.opening.identity);
    const cipherLength = file.length - 80;
    const text = gunzipSync(await decrypter.decrypt(file.subarray(0, cipherLength))).toString();
    const tampered = text.replace('"version":1', '"version":9');
    expect(tampered).not.toBe(text);
    const encrypter = new Encrypter();
    encrypter.addRecipient(keys.making.recipient);
    const rewritten = Buffer.concat([
      await encrypter.encrypt(gzipSync(tampered)),
      file.subarray(cipherLength), // The original signature.
    ]);
    await expect(open(rewritten, keys.opening)).rejects.toThrow(/not signed by the key/);
    const flipped = Buffer.from(file);
    flipped[Math.floor(cipherLength / 2)]! ^= 0x01;
    await expect(open(flipped, keys.opening)).rejects.toThrow(/not signed by the key/);
    expect((await open(file, keys.opening)).manifest.entries[0]!.metadata).toEqual({ version: 1 });
  });

  it('a signed file whose blob does not match its checksum, with the right size', async () => {
    const keys = await makeKeys();
    const good = entryLine(lead);
    const other = entryLine({ ...lead, value: { name: 'Ashb', message: 'Solar for the school' } });
    expect(other.size).toBe(good.size);
    const file = await fileOf([{ ...good, data: other.data }], keys.making);
    await expect(open(file, keys.opening)).rejects.toThrow(
      /contact-messages\/01KA.* does not match its checksum in the manifest\. Nothing was restored\./,
    );
    const sized = await fileOf([{ ...good, size: good.size + 1 }], keys.making);
    await expect(open(sized, keys.opening)).rejects.toThrow(/does not match its checksum/);
  });

  it('a signed file naming a store no backup holds, a key Blobs refuses, or a count that is off', async () => {
    const keys = await makeKeys();
    for (const store of ['login-attempts', 'revoked-tokens', 'preview-admin-security', 'health']) {
      const file = await fileOf([entryLine({ ...lead, store })], keys.making);
      await expect(open(file, keys.opening), store).rejects.toThrow(
        /names a store no backup holds/,
      );
    }
    const slash = await fileOf([entryLine({ ...lead, key: '/etc' })], keys.making);
    await expect(open(slash, keys.opening)).rejects.toThrow(/a key Blobs refuses/);
    const twice = await fileOf([entryLine(lead), entryLine(lead)], keys.making);
    await expect(open(twice, keys.opening)).rejects.toThrow(/is in this backup twice/);
    const miscounted = await sealToBytes(
      [
        { format: 'site-backup/2', createdAt: '2026-11-01T00:00:00.000Z' },
        entryLine(lead),
        { end: true, stores: { 'contact-messages': 2 } },
      ],
      keys.making,
    );
    await expect(open(miscounted, keys.opening)).rejects.toThrow(/count of contact-messages/);
  });
});

describe('the security store', () => {
  it('is backed up, but a restore leaves it as it is unless asked by name', async () => {
    const keys = await makeKeys();
    const security = getStore({ name: 'admin-security', consistency: 'strong' });
    await security.setJSON('passkeys/backed-up', { id: 'backed-up' });
    await storeOf(lead.store).setJSON(lead.key, lead.value, { metadata: { version: 1 } });
    const file = await sealToBytes(backupLines(storeOf), keys.making);
    const backup = await open(file, keys.opening);
    expect(backup.manifest.stores['admin-security']).toBe(1);

    // A site whose admin has a passkey of their own: the backup's is not planted beside it.
    await security.delete('passkeys/backed-up');
    await security.setJSON('passkeys/current', { id: 'current' });
    await storeOf(lead.store).delete(lead.key);
    const before = await snapshot(['admin-security']);
    const report = await restore(backup, storeOf);
    expect(report.skipped).toEqual({ 'admin-security': 1 });
    expect(await snapshot(['admin-security'])).toEqual(before);
    expect(await storeOf(lead.store).get(lead.key, { type: 'json' })).toEqual(lead.value);

    // Asked by name, it is a store like the others: refused while it holds anything…
    await storeOf(lead.store).delete(lead.key);
    await expect(restore(backup, storeOf, { includeSecurity: true })).rejects.toThrow(
      /These stores are not empty: admin-security\./,
    );
    expect(await snapshot(['admin-security'])).toEqual(before);
    // …and written from this validly signed file with --replace.
    await restore(backup, storeOf, { includeSecurity: true, replace: true });
    expect((await security.list()).blobs.map(({ key }) => key)).toEqual(['passkeys/backed-up']);
  });

  it('a forged file cannot plant a passkey, even asked to write the security store', async () => {
    const keys = await makeKeys();
    const forger = await makeKeys();
    const forged = await fileOf([entryLine(passkey('planted'))], {
      recipient: keys.making.recipient,
      signingKey: forger.making.signingKey,
    });
    await expect(open(forged, keys.opening)).rejects.toThrow(BackupError);
    expect(await snapshot(['admin-security'])).toEqual(new Map());
  });
});

describe('without --replace', () => {
  it('never overwrites a key that appeared after the stores were found empty, and takes back what it wrote', async () => {
    const keys = await makeKeys();
    const second = { ...lead, key: '01KBBBBBBBBBBBBBBBBBBBBBBB' };
    const file = await fileOf([entryLine(lead), entryLine(second)], keys.making);
    const backup = await open(file, keys.opening);
    // A writer of the site stores the second key between the check and the restore's write.
    const racing = (name: string) => {
      const store = storeOf(name);
      return new Proxy(store, {
        get(target, property, receiver) {
          if (property !== 'set') return Reflect.get(target, property, receiver) as unknown;
          return async (...args: Parameters<typeof store.set>) => {
            if (args[0] === second.key) await target.setJSON(second.key, { name: 'Live lead' });
            return target.set(...args);
          };
        },
      });
    };
    await expect(restore(backup, racing)).rejects.toThrow(
      /01KBB.* appeared while the restore ran, and was not overwritten.*taken back/,
    );
    const store = storeOf(lead.store);
    expect((await store.list()).blobs.map(({ key }) => key)).toEqual([second.key]);
    expect(await store.get(second.key, { type: 'json' })).toEqual({ name: 'Live lead' });
  });
});
