/**
 * The acknowledgement limits' keys (functions/_lib/repositories/ack-limits.ts) name a mailbox, a
 * domain or a client address only by an HMAC keyed with the secret salt of the key's hour
 * (hour-salt.ts), never by a plain hash that trying every address would reverse; the salt is
 * swept with its hour, and not before its places. Against the real Blobs emulation, with the
 * clock passed in.
 */
import { createHash } from 'node:crypto';
import { getStore } from '@netlify/blobs';
import { describe, expect, it } from 'vitest';
import { mayAcknowledge } from '../../../functions/_lib/acknowledgement.ts';
import {
  ACK_LIMITS_STORE,
  HOUR_MS,
  forgetAddress,
  placePrefix,
  sweepPlaces,
  takePlace,
} from '../../../functions/_lib/repositories/ack-limits.ts';
import { forgetHourSalts } from '../../../functions/_lib/repositories/hour-salt.ts';
import { withRequestScope } from '../../../functions/_lib/repositories/store.ts';
import { mailDomainKey, mailboxKey } from '../../../src/lib/schemas/index.ts';
import { seedStore } from '../seed-store.ts';
import { useBlobs } from '../helpers.ts';

const blobs = useBlobs({ silenceErrors: true });

/** Twenty past an hour. */
const AT = Date.UTC(2026, 10, 29, 10, 20);
const HOUR = Math.floor(AT / HOUR_MS);
const EMAIL = 'Asha.Rao+jobs@Example.org';
const CLIENT = '198.51.100.23';

const places = () => getStore({ name: ACK_LIMITS_STORE, consistency: 'strong' });
const keys = async () => (await places().list()).blobs.map(({ key }) => key).sort();
const inScope = <T>(work: () => Promise<T>) => withRequestScope(undefined, work);
const take = (counter: 'to' | 'all', value: string, max: number, at: number) =>
  inScope(() => takePlace(counter, value, max, at));
/** The hash folder of each place key of `counter` (`<hour>/<counter>/<hash>/<n>`). */
const hashesOf = async (counter: string) =>
  (await keys()).filter((key) => key.split('/')[1] === counter).map((key) => key.split('/')[2]);
const salts = async () => (await keys()).filter((key) => key.endsWith('/salt'));

describe('the keys of the acknowledgement limits', () => {
  it('hold no address, mailbox or domain, nor a plain SHA-256 of one: only keyed hashes and the hour’s salt', async () => {
    expect(await inScope(() => mayAcknowledge(EMAIL, CLIENT, AT))).toBe(true);
    const mailbox = mailboxKey(EMAIL);
    const counted: [string, string][] = [
      ['to', mailbox],
      ['domain', mailDomainKey(mailbox)],
      ['from', CLIENT],
      ['all', ''],
    ];
    const stored = await keys();
    // One place in each count, and the hour's salt.
    expect(stored).toHaveLength(5);
    for (const key of stored) {
      expect(key).toMatch(new RegExp(`^${HOUR}/(salt|(to|domain|from|all)/[0-9a-f]{64}/\\d+)$`));
    }
    const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
    const plain = counted.flatMap(([counter, value]) => [
      sha256(`${counter}\n${value}`), // the old keys' hash
      sha256(value),
    ]);
    const clear = [EMAIL, mailbox, mailDomainKey(mailbox), CLIENT].map((text) =>
      text.toLowerCase(),
    );
    for (const key of stored) {
      for (const text of [...plain, ...clear]) expect(key.toLowerCase()).not.toContain(text);
    }
  });

  it('name one mailbox by another hash each hour', async () => {
    expect(await take('to', 'asha@example.org', 1, AT)).toBe(true);
    expect(await take('to', 'asha@example.org', 1, AT + HOUR_MS)).toBe(true);
    expect(await salts()).toEqual([`${HOUR + 1}/salt`, `${HOUR}/salt`].sort());
    const hashes = await hashesOf('to');
    expect(hashes).toHaveLength(2);
    expect(new Set(hashes).size).toBe(2);
  });

  it('agree on one salt when 20 cold instances take the hour’s first places at once', async () => {
    blobs.resetOps();
    const taking = Array.from({ length: 20 }, () => {
      // Each as a cold instance: none holds the hour's salt when it asks for it.
      forgetHourSalts();
      return take('all', '', 20, AT);
    });
    expect(await Promise.all(taking)).toEqual(Array.from({ length: 20 }, () => true));
    // Twenty instances each tried to make the salt; one did.
    const saltWrites = blobs.ops.filter(
      ({ type, url }) => type === 'set' && url.includes(`${HOUR}/salt`),
    );
    expect(saltWrites).toHaveLength(20);
    expect(await salts()).toEqual([`${HOUR}/salt`]);
    const salt = await places().get(`${HOUR}/salt`, { type: 'text' });
    const prefix = placePrefix(HOUR, salt!, 'all', '');
    const counted = (await keys()).filter((key) => key !== `${HOUR}/salt`);
    expect(counted).toHaveLength(20);
    for (const key of counted) expect(key.startsWith(prefix), key).toBe(true);
    // All twenty count: the next is refused, by a cold instance too.
    forgetHourSalts();
    expect(await take('all', '', 20, AT)).toBe(false);
  });
});

describe('a place of the previous hour', () => {
  it('still counts in an instance that never held that hour’s salt (read, not made)', async () => {
    const hourStart = HOUR * HOUR_MS;
    expect(await take('to', 'asha@example.org', 1, hourStart - 10 * 60_000)).toBe(true);
    forgetHourSalts();
    expect(await take('to', 'asha@example.org', 1, hourStart + 5 * 60_000)).toBe(false);
    expect(await take('to', 'other@example.org', 1, hourStart + 5 * 60_000)).toBe(true);
  });

  it('is not looked for when its hour has no salt, and no salt is made for it', async () => {
    expect(await take('to', 'asha@example.org', 1, AT)).toBe(true);
    expect(await salts()).toEqual([`${HOUR}/salt`]);
  });
});

describe('an erasure', () => {
  it('deletes the mailbox’s places of the current and the previous hour, keyed with each hour’s salt', async () => {
    for (const at of [AT - HOUR_MS, AT]) {
      expect(await inScope(() => mayAcknowledge('asha@example.org', CLIENT, at))).toBe(true);
      expect(await inScope(() => mayAcknowledge('ravi@example.org', undefined, at))).toBe(true);
    }
    expect(await hashesOf('to')).toHaveLength(4);
    const before = await keys();
    // A cold instance: it reads both hours' salts from the store.
    forgetHourSalts();
    await inScope(() => forgetAddress('Asha@Example.org'));
    const after = await keys();
    expect(await hashesOf('to')).toHaveLength(2);
    // Only Asha's two places went: Ravi's, the counts naming no one and the salts stay.
    expect(before.filter((key) => !after.includes(key))).toHaveLength(2);
    forgetHourSalts();
    expect(await take('to', 'asha@example.org', 1, AT)).toBe(true);
    expect(await take('to', 'ravi@example.org', 1, AT)).toBe(false);
  });

  it('makes no salt for an hour that has none', async () => {
    await seedStore(blobs, ACK_LIMITS_STORE, [
      { key: `${HOUR - 1}/to/${'a'.repeat(64)}/0`, value: { at: AT - HOUR_MS } },
    ]);
    await inScope(() => forgetAddress('asha@example.org'));
    expect(await keys()).toEqual([`${HOUR - 1}/to/${'a'.repeat(64)}/0`]);
  });
});

describe('the sweep', () => {
  const sweep = (maxDeletes?: number) =>
    inScope(() => sweepPlaces(AT, maxDeletes === undefined ? {} : { maxDeletes }));

  it('deletes the salts of the hours it sweeps, and keeps those of the current and previous hour', async () => {
    for (const back of [3, 2, 1, 0])
      expect(await take('to', 'asha@example.org', 1, AT - back * HOUR_MS)).toBe(true);
    expect(await salts()).toHaveLength(4);
    expect(await sweep()).toBe(4); // two places, two salts
    expect(await salts()).toEqual([`${HOUR - 1}/salt`, `${HOUR}/salt`]);
    expect(await hashesOf('to')).toHaveLength(2);
  });

  /** An hour's salt and seven places of `counter` under it, all older than the last hour. */
  const seedOldHour = (old: number, counter: 'from' | 'to') =>
    seedStore(blobs, ACK_LIMITS_STORE, [
      { key: `${old}/salt`, value: 'salt' },
      ...Array.from({ length: 7 }, (_, n) => ({
        key: `${old}/${counter}/${'b'.repeat(64)}/${n}`,
        value: { at: old * HOUR_MS },
      })),
    ]);

  // Keys list in order: an hour's `from` places before its salt, its `to` places after.
  for (const counter of ['from', 'to'] as const) {
    it(`deletes a salt only after its hour’s last place, when the bound cuts the hour (${counter} places)`, async () => {
      const old = HOUR - 2;
      await seedOldHour(old, counter);
      // Seven places and the salt, eight keys, bound seven: the places go, the salt stays.
      expect(await sweep(7)).toBe(7);
      expect(await keys()).toEqual([`${old}/salt`]);
      expect(await sweep(7)).toBe(1);
      expect(await keys()).toEqual([]);
    });

    it(`leaves a salt whose hour still has places after a run (${counter} places)`, async () => {
      const old = HOUR - 2;
      await seedOldHour(old, counter);
      expect(await sweep(3)).toBe(3);
      expect(await salts()).toEqual([`${old}/salt`]);
      expect(await sweep(3)).toBe(3);
      expect(await salts()).toEqual([`${old}/salt`]);
      // One place and the salt are left: both go in one run.
      expect(await sweep(3)).toBe(2);
      expect(await keys()).toEqual([]);
    });
  }
});
