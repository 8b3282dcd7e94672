/**
 * Refused sign-ins (a wrong password or code, a lockout, a site-wide pause): anyone can cause
 * them without signing in, so none of them may cost the site one audit record or one e-mail each.
 * Per clock hour the audit log gets at most:
 * - the first refusal of each client address as its own record, up to REFUSAL_RECORDS_PER_HOUR
 *   (AUDIT_REFUSALS_PER_HOUR, default 20) in all, and
 * - SHARDS counter records (`sign-in.refused`), changed by conditional writes only (tallies.ts):
 *   an address's first refusal of the hour is counted in the shard its address hashes to, which
 *   keeps the hour's addresses (hashed), so that shard alone knows whether an address is new and
 *   the site-wide cap is the sum of the shards' own caps; a later refusal of a known address is
 *   counted in any shard, so a burst from one address is spread over all of them.
 * So 1,000 refusals from 100 addresses write at most 20 + 8 blobs an hour.
 *
 * `refusalSummary` adds the shards of this and the previous hour up for the hourly alert, which
 * `firstThisHour` lets through once an hour. (Neither kind of key is a record's: lists skip them.)
 */
import { createHash, randomInt } from 'node:crypto';
import type { AuditEvent, AuditRecord } from '../../src/lib/audit-events.ts';
import { AUDIT_STORE, recordKey } from './audit-layout.ts';
import { readPositiveInt } from './env.ts';
import { withStore } from './repositories/store.ts';
import { MAX_TRIES, changeTally, pause, readTally, shareOf } from './repositories/tallies.ts';

export const HOUR_MS = 3_600_000;
export const SHARDS = 8;
/** Addresses one shard remembers an hour; past it, its address count is "more than". */
const ADDRESSES_KEPT = 250;

/** The events a request that is not signed in can cause: counted, never one record each. */
const REFUSALS: ReadonlySet<AuditEvent> = new Set<AuditEvent>([
  'sign-in.failed',
  'sign-in.factor-failed',
  'sign-in.locked-out',
]);

export const isRefusal = (event: AuditEvent) => REFUSALS.has(event);

/** How many refusals an hour are recorded one by one, site-wide. */
export const refusalRecordsPerHour = () => readPositiveInt('AUDIT_REFUSALS_PER_HOUR', 20);

/** One shard's counter record: an audit record, plus what the shard needs to count. */
export interface RefusalTally extends AuditRecord {
  event: 'sign-in.refused';
  count: number;
  /** Short hashes of the addresses seen this hour (never the addresses). */
  addresses: string[];
  /** Addresses past ADDRESSES_KEPT, perhaps seen before (so the count is a lower bound). */
  overflow: boolean;
  /** Refusals of this shard recorded one by one this hour. */
  individual: number;
}

const short = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 12);

const shardOf = (address: string) => parseInt(short(`shard\n${address}`).slice(0, 4), 16) % SHARDS;

/** The shard's key for an hour: a record's, at the hour's start, `ffffffffff` and the shard. */
export const tallyKey = (hour: number, shard: number): string =>
  recordKey(hour * HOUR_MS, 'sign-in.refused', `ffffffffff${shard.toString(16).padStart(2, '0')}`);

const addressesText = (tally: Pick<RefusalTally, 'addresses' | 'overflow'>) =>
  `${tally.overflow ? 'more than ' : ''}${tally.addresses.length} address${tally.addresses.length === 1 ? '' : 'es'}`;

function freshTally(hour: number, shard: number): RefusalTally {
  const key = tallyKey(hour, shard);
  return {
    id: key,
    at: new Date(hour * HOUR_MS).toISOString(),
    event: 'sign-in.refused',
    count: 0,
    target: addressesText({ addresses: [], overflow: false }),
    addresses: [],
    overflow: false,
    individual: 0,
  };
}

/**
 * Counts one refusal from `ip` at `now`; true when it is to be recorded on its own too (the
 * address's first this hour, within its shard's share of the hourly cap).
 */
export async function countRefusal(ip: string | undefined, now: number): Promise<boolean> {
  const address = short(ip ?? 'unknown');
  const hour = Math.floor(now / HOUR_MS);
  const shard = shardOf(ip ?? 'unknown');
  const cap = shareOf(refusalRecordsPerHour(), shard, SHARDS);
  return withStore(AUDIT_STORE, async (store) => {
    const homeKey = tallyKey(hour, shard);
    for (let tries = 0; tries < MAX_TRIES; tries++) {
      const home = await readTally<RefusalTally>(store, homeKey);
      if (isTally(home.value) && home.value.addresses.includes(address)) {
        // Known this hour: counted in any shard, so one address's burst meets few others.
        const counted = randomInt(SHARDS);
        await changeTally<RefusalTally>(store, tallyKey(hour, counted), (current) => {
          const tally = isTally(current) ? current : freshTally(hour, counted);
          return { ...tally, count: tally.count + 1 };
        });
        return false;
      }
      const tally = isTally(home.value) ? home.value : freshTally(hour, shard);
      const keep = tally.addresses.length < ADDRESSES_KEPT;
      const addresses = keep ? [...tally.addresses, address] : tally.addresses;
      const overflow = tally.overflow || !keep;
      const alone = tally.individual < cap;
      const next: RefusalTally = {
        ...tally,
        count: tally.count + 1,
        addresses,
        overflow,
        target: addressesText({ addresses, overflow }),
        individual: tally.individual + (alone ? 1 : 0),
      };
      const { modified } = await store.setJSON(
        homeKey,
        next,
        home.etag === undefined ? { onlyIfNew: true } : { onlyIfMatch: home.etag },
      );
      if (modified) return alone;
      // Another refusal of this shard came first (perhaps this address's): read again.
      await pause(tries);
    }
    return false;
  });
}

const isTally = (value: RefusalTally | null): value is RefusalTally =>
  value?.event === 'sign-in.refused' && Array.isArray(value.addresses);

export interface RefusalSummary {
  refused: number;
  addresses: number;
  /** True when more addresses were seen than the tallies keep. */
  more: boolean;
  /** Start (epoch ms) of the time counted: the previous clock hour. */
  since: number;
}

/** The refusals of the previous and the current clock hour, from the shards (2 × SHARDS reads). */
export async function refusalSummary(now: number): Promise<RefusalSummary> {
  const hour = Math.floor(now / HOUR_MS);
  const keys = [hour - 1, hour].flatMap((h) =>
    Array.from({ length: SHARDS }, (_, shard) => tallyKey(h, shard)),
  );
  const tallies = await withStore(AUDIT_STORE, (store) =>
    Promise.all(keys.map((key) => readTally<RefusalTally>(store, key))),
  );
  const addresses = new Set<string>();
  let refused = 0;
  let more = false;
  for (const { value } of tallies) {
    if (!isTally(value)) continue;
    refused += value.count;
    for (const address of value.addresses) addresses.add(address);
    more ||= value.overflow;
  }
  return { refused, addresses: addresses.size, more, since: (hour - 1) * HOUR_MS };
}

/**
 * True for the first caller of the clock hour for `kind` (an hourly alert's turn): a conditional
 * write of `hourly-alert/<kind>/<hour parity>` holding the hour, so every later caller of that
 * hour reads one blob and stops, and the store holds two such blobs a kind.
 */
export async function firstThisHour(kind: string, now: number): Promise<boolean> {
  const hour = Math.floor(now / HOUR_MS);
  const { written } = await withStore(AUDIT_STORE, (store) =>
    changeTally<{ hour: number }>(store, `hourly-alert/${kind}/${hour % 2}`, (current) =>
      current?.hour === hour ? undefined : { hour },
    ),
  );
  return written !== undefined;
}
