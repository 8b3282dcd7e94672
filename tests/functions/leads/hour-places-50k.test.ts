/**
 * The two stores of hourly places, each at 50,000 records (HOUR_PLACE_RECORDS to change it) spread
 * over the current hour, the previous one and four older ones, every hour with its salt: a
 * request (`takeSenderPlace`, `takePlace`) reads one sender's or one mailbox's places and a few
 * salts, an erasure (`forgetAddress`) lists the store's top-level folders and one mailbox's
 * places an hour, and the sweeps, in runs of their bound each, delete exactly the hours they are
 * meant to. No call lists the store whole. Times are logged, not asserted.
 */
import { getStore } from '@netlify/blobs';
import { describe, expect, it, vi } from 'vitest';
import { UPKEEP_DEADLINE_MS } from '../../../functions/spam-upkeep.ts';
import {
  ACK_LIMITS_STORE,
  HOUR_MS,
  SWEEP_MAX_DELETES,
  forgetAddress,
  placePrefix,
  sweepPlaces,
  takePlace,
} from '../../../functions/_lib/repositories/ack-limits.ts';
import {
  CV_PART_SENDERS_STORE,
  cvPartsPerAddress,
  sweepCvPartSenders,
  takeSenderPlace,
} from '../../../functions/_lib/repositories/cv-part-senders.ts';
import { keyedHash } from '../../../functions/_lib/repositories/hour-salt.ts';
import { withRequestScope } from '../../../functions/_lib/repositories/store.ts';
import { mailboxKey } from '../../../src/lib/schemas/index.ts';
import type { BlobOperation } from '../helpers.ts';
import { useBlobs } from '../helpers.ts';
import { seedStore, type SeedRecord } from '../seed-store.ts';

// Removing the seeded folders afterwards takes a while on a busy machine.
vi.setConfig({ hookTimeout: 120_000 });
const blobs = useBlobs();
const RECORDS = Number(process.env['HOUR_PLACE_RECORDS'] ?? 50_000);
/** Places each seeded sender or mailbox holds in each hour. */
const PLACES_EACH = 5;
/** 10:30 UTC: the previous hour's places taken after 09:30 still count. */
const NOW = Date.UTC(2026, 10, 28, 10, 30);
const HOUR = Math.floor(NOW / HOUR_MS);
/**
 * Hours back from the current one, and each one's share of the records. cv-part-senders keeps the
 * current hour only, ack-limits the previous one too; all lie within the 48 hours a
 * cv-part-senders sweep without a cursor starts from (time-sweep.ts).
 */
const HOURS: readonly (readonly [back: number, share: number])[] = [
  [0, 0.3],
  [1, 0.2],
  [2, 0.125],
  [3, 0.125],
  [4, 0.125],
  [5, 0.125],
];
/** The most storage calls one request makes, whatever the store holds. */
const REQUEST_CALLS = 20;

/**
 * The salt seeded for `hour`: seedStore stores values as JSON, so the text the salt is read back
 * as (and keyed with) is the JSON of the seeded string.
 */
const saltValue = (hour: number) => `salt of ${hour}`;
const saltText = (hour: number) => JSON.stringify(saltValue(hour));

/** How many keys of `store` are under `prefix` (the test's own count, not a call under test). */
const countUnder = async (store: string, prefix: string) =>
  (await getStore({ name: store, consistency: 'strong' }).list({ prefix })).blobs.length;

/**
 * Listings that do not name a prefix. The only one allowed is the top-level folder listing of
 * ack-limits.ts `topLevel` (`directories=true` without a prefix): it answers the hour folders
 * and any loose top-level key, never the keys inside a folder, so it does not read the store
 * whole; every other listing must name a prefix.
 */
const wholeListings = (ops: readonly BlobOperation[]) =>
  ops.filter(
    (op) => op.type === 'list' && !op.url.includes('prefix=') && !op.url.includes('directories='),
  );
const prefixlessListings = (ops: readonly BlobOperation[]) =>
  ops.filter((op) => op.type === 'list' && !op.url.includes('prefix='));

/** The records' count of each hour (its salt included), as seeded. */
const perHour = (share: number) => Math.floor((share * RECORDS) / PLACES_EACH) * PLACES_EACH;

describe(
  `the cv-part-senders store at ${RECORDS.toLocaleString('en')} places`,
  { timeout: 600_000 },
  () => {
    const pad = (hour: number) => String(hour).padStart(7, '0');
    const address = (n: number) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
    const placeKey = (hour: number, sender: string, n: number) =>
      `${pad(hour)}/${keyedHash(saltText(hour), sender)}/${n}`;
    const FULL = '203.0.113.7';

    function* records(): Generator<SeedRecord> {
      for (const [back, share] of HOURS) {
        const hour = HOUR - back;
        yield { key: `${pad(hour)}/salt`, value: saltValue(hour) };
        const senders = perHour(share) / PLACES_EACH;
        for (let s = 0; s < senders; s++) {
          for (let n = 0; n < PLACES_EACH; n++) {
            yield { key: placeKey(hour, address(s), n), value: {} };
          }
        }
      }
      // One sender at its cap in the current hour.
      for (let n = 0; n < cvPartsPerAddress(); n++)
        yield { key: placeKey(HOUR, FULL, n), value: {} };
    }

    it('answers a request from one sender’s places, and sweeps every hour before the current one in bounded runs', async () => {
      let started = performance.now();
      const seeded = await seedStore(blobs, CV_PART_SENDERS_STORE, records());
      const seedMs = performance.now() - started;
      expect(seeded).toBeGreaterThanOrEqual(RECORDS - HOURS.length * PLACES_EACH);

      started = performance.now();
      await withRequestScope(undefined, async () => {
        blobs.resetOps();
        expect(await takeSenderPlace('198.51.100.23', NOW)).toBeDefined();
        expect(blobs.ops.length).toBeLessThan(REQUEST_CALLS);
        expect(prefixlessListings(blobs.ops)).toEqual([]);
        blobs.resetOps();
        expect(await takeSenderPlace(FULL, NOW)).toBeUndefined();
        expect(blobs.ops.length).toBeLessThan(REQUEST_CALLS);
        expect(prefixlessListings(blobs.ops)).toEqual([]);
        // A seeded sender below its cap takes the next place.
        blobs.resetOps();
        expect(await takeSenderPlace(address(1), NOW)).toBeDefined();
        expect(blobs.ops.length).toBeLessThan(REQUEST_CALLS);
        expect(prefixlessListings(blobs.ops)).toEqual([]);
      });
      const requestMs = performance.now() - started;

      const before = new Map<number, number>();
      for (const [back] of HOURS) {
        before.set(back, await countUnder(CV_PART_SENDERS_STORE, `${pad(HOUR - back)}/`));
      }
      const stale = HOURS.filter(([back]) => back > 0).reduce(
        (sum, [back]) => sum + before.get(back)!,
        0,
      );

      started = performance.now();
      const runs: number[] = [];
      do {
        blobs.resetOps();
        const deleted = await withRequestScope(
          undefined,
          () => sweepCvPartSenders(NOW),
          UPKEEP_DEADLINE_MS,
        );
        runs.push(deleted);
        expect(deleted).toBeLessThanOrEqual(1_000);
        expect(blobs.ops.filter((op) => op.type === 'delete')).toHaveLength(deleted);
        expect(prefixlessListings(blobs.ops)).toEqual([]);
      } while (runs.at(-1)! > 0 && runs.length < 200);
      const sweepMs = performance.now() - started;

      expect(runs.reduce((sum, n) => sum + n, 0)).toBe(stale);
      for (const [back] of HOURS) {
        expect(await countUnder(CV_PART_SENDERS_STORE, `${pad(HOUR - back)}/`)).toBe(
          back === 0 ? before.get(0) : 0,
        );
      }
      console.log(
        `cv-part-senders, ${seeded} records: seeded in ${Math.round(seedMs)} ms, ` +
          `3 requests ${Math.round(requestMs)} ms, ${stale} swept in ${runs.length} runs ` +
          `${Math.round(sweepMs)} ms`,
      );
    });
  },
);

describe(
  `the ack-limits store at ${RECORDS.toLocaleString('en')} places`,
  { timeout: 600_000 },
  () => {
    const MAX = PLACES_EACH;
    const mailbox = (n: number) => `m${n}@example.org`;
    const prefixOf = (hour: number, email: string) =>
      placePrefix(hour, saltText(hour), 'to', mailboxKey(email));
    const CURRENT_FULL = 'current-full@example.org';
    const PREVIOUS_FULL = 'previous-full@example.org';
    const FORGOTTEN = mailbox(1);

    /** `email`'s MAX places in `hour`, each taken at `at`. */
    function* placesOf(hour: number, email: string, at: number): Generator<SeedRecord> {
      for (let n = 0; n < MAX; n++) yield { key: `${prefixOf(hour, email)}${n}`, value: { at } };
    }

    function* records(): Generator<SeedRecord> {
      for (const [back, share] of HOURS) {
        const hour = HOUR - back;
        yield { key: `${hour}/salt`, value: saltValue(hour) };
        // The previous hour's places taken at 09:59, so they still count at 10:30.
        const at = (hour + 1) * HOUR_MS - 60_000;
        const mailboxes = perHour(share) / MAX;
        for (let m = 0; m < mailboxes; m++) yield* placesOf(hour, mailbox(m), at);
      }
      yield* placesOf(HOUR, CURRENT_FULL, NOW - 60_000);
      yield* placesOf(HOUR - 1, PREVIOUS_FULL, HOUR * HOUR_MS - 60_000);
    }

    it('answers a request from one mailbox’s places, forgets a mailbox, and sweeps the old hours in bounded runs', async () => {
      let started = performance.now();
      const seeded = await seedStore(blobs, ACK_LIMITS_STORE, records());
      const seedMs = performance.now() - started;
      expect(seeded).toBeGreaterThanOrEqual(RECORDS - HOURS.length * MAX);

      started = performance.now();
      await withRequestScope(undefined, async () => {
        const request = async (email: string, expected: boolean) => {
          blobs.resetOps();
          expect(await takePlace('to', mailboxKey(email), MAX, NOW)).toBe(expected);
          expect(blobs.ops.length).toBeLessThan(REQUEST_CALLS);
          expect(prefixlessListings(blobs.ops)).toEqual([]);
        };
        await request('fresh@example.org', true);
        await request(CURRENT_FULL, false);
        // Full by places of the previous hour still under an hour old.
        await request(PREVIOUS_FULL, false);
        // m0 holds MAX places in each hour, the previous hour's still counting.
        await request(mailbox(0), false);
      });
      const requestMs = performance.now() - started;

      // The erasure: the forgotten mailbox's places go from every hour, another's stay.
      expect(await countUnder(ACK_LIMITS_STORE, prefixOf(HOUR - 5, FORGOTTEN))).toBe(MAX);
      started = performance.now();
      blobs.resetOps();
      await withRequestScope(undefined, () => forgetAddress(FORGOTTEN));
      const forgetMs = performance.now() - started;
      expect(wholeListings(blobs.ops)).toEqual([]);
      // One top-level folder listing (two pages at most), the rest by prefix.
      expect(prefixlessListings(blobs.ops).length).toBeGreaterThanOrEqual(1);
      expect(prefixlessListings(blobs.ops).length).toBeLessThanOrEqual(2);
      for (const op of prefixlessListings(blobs.ops)) expect(op.url).toContain('directories=true');
      for (const [back] of HOURS) {
        expect(await countUnder(ACK_LIMITS_STORE, prefixOf(HOUR - back, FORGOTTEN))).toBe(0);
        expect(await countUnder(ACK_LIMITS_STORE, prefixOf(HOUR - back, mailbox(2)))).toBe(MAX);
      }

      const before = new Map<number, number>();
      for (const [back] of HOURS) {
        before.set(back, await countUnder(ACK_LIMITS_STORE, `${HOUR - back}/`));
      }
      const stale = HOURS.filter(([back]) => back > 1).reduce(
        (sum, [back]) => sum + before.get(back)!,
        0,
      );

      started = performance.now();
      const runs: number[] = [];
      do {
        blobs.resetOps();
        const deleted = await withRequestScope(undefined, () => sweepPlaces(NOW));
        runs.push(deleted);
        expect(deleted).toBeLessThanOrEqual(SWEEP_MAX_DELETES);
        expect(blobs.ops.filter((op) => op.type === 'delete')).toHaveLength(deleted);
        expect(blobs.ops.filter((op) => op.type === 'get')).toEqual([]);
        expect(wholeListings(blobs.ops)).toEqual([]);
        expect(prefixlessListings(blobs.ops).length).toBeLessThanOrEqual(2);
      } while (runs.at(-1)! > 0 && runs.length < 200);
      const sweepMs = performance.now() - started;

      expect(runs.reduce((sum, n) => sum + n, 0)).toBe(stale);
      for (const [back] of HOURS) {
        expect(await countUnder(ACK_LIMITS_STORE, `${HOUR - back}/`)).toBe(
          back <= 1 ? before.get(back) : 0,
        );
      }
      console.log(
        `ack-limits, ${seeded} records: seeded in ${Math.round(seedMs)} ms, ` +
          `4 requests ${Math.round(requestMs)} ms, erasure ${Math.round(forgetMs)} ms, ` +
          `${stale} swept in ${runs.length} runs ${Math.round(sweepMs)} ms`,
      );
    });
  },
);
