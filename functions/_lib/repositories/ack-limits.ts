/**
 * How many acknowledgements went out in the last hour, per counter (a recipient's mailbox, its
 * domain, a client address, the whole site), counted so that simultaneous requests cannot both
 * take the last place: each acknowledgement takes a numbered place of the current hour with
 * `onlyIfNew`, and the places of the hour before that are still under an hour old count against
 * it. Keys start with the hour (`<hour>/<counter>/<hash>/<n>`, hours since 1970), so the
 * scheduled sweep deletes whole old hours by prefix, a bounded number of places a run, and never
 * reads the store whole. Keys never hold an address, a mailbox or a plain hash of one (a plain
 * SHA-256 of an IPv4 address is reversed by trying all 2^32, a mailbox's by a dictionary): they
 * hold an HMAC-SHA-256 keyed with the secret salt of the key's hour, `<hour>/salt`
 * (hour-salt.ts), which the sweep deletes with the hour's places, so once an hour is swept its
 * key is gone and nothing of it can be tied back to anyone. The salt is deleted after the last of
 * its hour's places (a sweep cut short by its bound leaves it for the next run), so a place is
 * never left that an erasure could no longer find; an erasure deletes its mailbox's places at
 * once (`forgetAddress`).
 */
import { mailboxKey } from '../../../src/lib/schemas/index.ts';
import { existingHourSalt, hourSalt, keyedHash, saltKey } from './hour-salt.ts';
import { storageTimeLeft, withStore, type Store } from './store.ts';

export const ACK_LIMITS_STORE = 'ack-limits';
export const HOUR_MS = 3_600_000;

/** What a place is counted against: `to` a mailbox, `domain` its domain, `from` a client, `all`. */
export type Counter = 'to' | 'domain' | 'from' | 'all';

/** Places one sweep deletes at most (it runs every 5 minutes). */
export const SWEEP_MAX_DELETES = 1_000;
/** Deletes a sweep has in flight at once. */
const SWEEP_CONCURRENCY = 8;
/** Storage time a sweep leaves to the rest of its run: it stops deleting before this. */
const SWEEP_RESERVE_MS = 1_000;

const hourOf = (now: number) => Math.floor(now / HOUR_MS);

/** The key prefix of `value`'s places of `counter` in `hour`, whose salt is `salt`. */
export function placePrefix(hour: number, salt: string, counter: Counter, value: string): string {
  return `${hour}/${counter}/${keyedHash(salt, `${counter}\n${value}`)}/`;
}

/** Keys under `prefix` (paged, so a crowded hour is never read whole for one place). */
async function keysUnder(store: Store, prefix: string, max: number): Promise<string[]> {
  const keys: string[] = [];
  for await (const page of store.list({ prefix, paginate: true })) {
    for (const { key } of page.blobs) {
      keys.push(key);
      if (keys.length >= max) return keys;
    }
  }
  return keys;
}

/** Order-free shuffle, so simultaneous takers try different free places first. */
function shuffled<T>(items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}

/**
 * Takes one of `max` places of the last hour of `counter` for `value` (already canonical: a
 * mailbox, a domain, a client address, '' for the site); false when all are taken.
 */
export async function takePlace(
  counter: Counter,
  value: string,
  max: number,
  now: number,
): Promise<boolean> {
  if (max < 1) return false;
  const hour = hourOf(now);
  // The previous hour's salt is only read: an hour without one has no places to count.
  const [salt, saltBefore] = await Promise.all([
    hourSalt(ACK_LIMITS_STORE, hour),
    existingHourSalt(ACK_LIMITS_STORE, hour - 1),
  ]);
  const current = placePrefix(hour, salt, counter, value);
  return withStore(ACK_LIMITS_STORE, async (store) => {
    const [before, taken] = await Promise.all([
      saltBefore === undefined
        ? []
        : keysUnder(store, placePrefix(hour - 1, saltBefore, counter, value), max),
      keysUnder(store, current, max),
    ]);
    const times = await Promise.all(
      before.map(async (key) => {
        const place = (await store.get(key, { type: 'json' })) as { at?: number } | null;
        return place?.at ?? 0;
      }),
    );
    const recent = times.filter((at) => now - at < HOUR_MS).length;
    const used = new Set(taken.map((key) => key.slice(current.length)));
    const free = [];
    for (let slot = 0; slot < max - recent; slot++) if (!used.has(String(slot))) free.push(slot);
    for (const slot of shuffled(free)) {
      const { modified } = await store.setJSON(
        `${current}${slot}`,
        { at: now },
        { onlyIfNew: true },
      );
      if (modified) return true;
    }
    return false;
  });
}

/** The store's top level: its folders (hours, or an older layout's) and any loose keys. */
async function topLevel(store: Store): Promise<{ folders: string[]; keys: string[] }> {
  const folders: string[] = [];
  const keys: string[] = [];
  for await (const page of store.list({ directories: true, paginate: true })) {
    folders.push(...page.directories.map((name) => name.replace(/\/$/, '')));
    keys.push(...page.blobs.map(({ key }) => key));
  }
  return { folders, keys };
}

const isHour = (name: string) => /^\d+$/.test(name);

/**
 * Deletes the places and salts of hours that ended more than an hour before `now` (the current
 * and the previous hour are kept), and anything outside an hour's folder (an older key layout):
 * oldest hour first, at most `maxDeletes` keys, and none once the run's storage time is nearly
 * spent. An hour's salt goes only once its places are gone (it is listed with them, and kept when
 * the listing was cut by the bound). What is left goes on the next run. Returns how many keys
 * were deleted.
 */
export async function sweepPlaces(
  now: number,
  { maxDeletes = SWEEP_MAX_DELETES }: { maxDeletes?: number } = {},
): Promise<number> {
  const keep = hourOf(now) - 1;
  return withStore(ACK_LIMITS_STORE, async (store) => {
    const top = await topLevel(store);
    const folders = top.folders
      .filter((name) => !isHour(name) || Number(name) < keep)
      .sort((a, b) => Number(a) - Number(b));
    let removed = 0;
    const remove = async (keys: readonly string[]) => {
      for (let at = 0; at < keys.length; at += SWEEP_CONCURRENCY) {
        if (storageTimeLeft() < SWEEP_RESERVE_MS) return false;
        const batch = keys.slice(at, at + SWEEP_CONCURRENCY);
        await Promise.all(batch.map((key) => store.delete(key)));
        removed += batch.length;
      }
      return true;
    };
    if (!(await remove(top.keys.slice(0, maxDeletes)))) return removed;
    for (const folder of folders) {
      const left = maxDeletes - removed;
      if (left <= 0 || storageTimeLeft() < SWEEP_RESERVE_MS) break;
      // One more than the bound: a folder listed whole, salt included, fits in it.
      const listed = await keysUnder(store, `${folder}/`, left + 1);
      const salt = saltKey(folder);
      const places = listed.filter((key) => key !== salt);
      if (!(await remove(places.slice(0, left)))) break;
      if (listed.length > left) break;
      if (places.length < listed.length && !(await remove([salt]))) break;
    }
    return removed;
  });
}

/**
 * Deletes every place of the mailbox of `email` (an erasure), in each hour the store holds (the
 * current and the previous, and any the sweep has not reached yet), keyed with that hour's salt.
 * An hour without a salt has no places, and gets none made for it.
 */
export async function forgetAddress(email: string): Promise<void> {
  const mailbox = mailboxKey(email);
  const hours = await withStore(ACK_LIMITS_STORE, async (store) =>
    (await topLevel(store)).folders.filter(isHour).map(Number),
  );
  for (const hour of hours) {
    const salt = await existingHourSalt(ACK_LIMITS_STORE, hour);
    if (salt === undefined) continue;
    await withStore(ACK_LIMITS_STORE, async (store) => {
      const keys = await keysUnder(store, placePrefix(hour, salt, 'to', mailbox), 1_000);
      await Promise.all(keys.map((key) => store.delete(key)));
    });
  }
}
