/**
 * An hour's secret salt, for stores that count people by the hour without keeping who they are
 * (ack-limits.ts, cv-part-senders.ts): a key names an address or a mailbox only by an
 * HMAC-SHA-256 keyed with the salt of the key's hour (`keyedHash`), never by a plain hash, which
 * anyone can reverse by trying every IPv4 address (2^32) or a dictionary of mailboxes. The salt,
 * 32 random bytes, is kept in the store itself at `<hour folder>/salt`, so it is swept with the
 * hour's keys: once it is gone, nothing left can be tied back to an address.
 *
 * The first instance to need an hour's salt makes it with `onlyIfNew` and every instance then reads
 * back the one that won, so simultaneous first requests of an hour agree on one salt. An instance
 * asks storage once an hour per store (simultaneous requests share the one question) and keeps
 * the answer for the hour and the next, per store scope (`scopedName`: a preview's store is
 * another store, with other salts).
 */
import { createHmac, randomBytes } from 'node:crypto';
import { scopedName, withStore } from './store.ts';

/** The key of the salt of the hour whose keys are under `hourFolder` (no trailing slash). */
export const saltKey = (hourFolder: string) => `${hourFolder}/salt`;

/** `value`'s HMAC-SHA-256 keyed with `salt`, in hex. */
export const keyedHash = (salt: string, value: string) =>
  createHmac('sha256', salt).update(value).digest('hex');

interface Known {
  store: string;
  hour: number;
  /** The salt; undefined when it was only looked for, and not there. */
  salt: Promise<string | undefined>;
  /** Whether `salt` makes the salt when there is none (then it never resolves undefined). */
  makes: boolean;
}

const known = new Map<string, Known>();

/**
 * Keeps `salt` as the answer for `hour` of `store` until an hour two later is asked for; a failed
 * question, or a salt looked for and not found, is asked again by the next request.
 */
function remember(
  store: string,
  hour: number,
  salt: Promise<string | undefined>,
  makes: boolean,
): Promise<string | undefined> {
  const cacheKey = `${scopedName(store)}|${hour}`;
  for (const [key, entry] of known) if (entry.hour < hour - 1) known.delete(key);
  const entry: Known = { store, hour, salt, makes };
  known.set(cacheKey, entry);
  const drop = () => {
    if (known.get(cacheKey) === entry) known.delete(cacheKey);
  };
  void salt.then((found) => found === undefined && drop(), drop);
  return salt;
}

const cached = (store: string, hour: number) => known.get(`${scopedName(store)}|${hour}`);

/** Reads the salt kept at `key`, or undefined when there is none. */
const read = (store: string, key: string) =>
  withStore(store, async (opened) => (await opened.get(key, { type: 'text' })) ?? undefined);

/**
 * The salt of `hour` in `store` (its keys under `hourFolder`, the hour's digits unless the store
 * pads them), made if there is none yet: by whichever instance comes first (`onlyIfNew`), then
 * read back, so every instance keys the hour with the same salt.
 */
export function hourSalt(
  store: string,
  hour: number,
  hourFolder: string = String(hour),
): Promise<string> {
  const entry = cached(store, hour);
  if (entry?.makes) return entry.salt as Promise<string>;
  const make = () =>
    withStore(store, async (opened) => {
      const key = saltKey(hourFolder);
      await opened.set(key, randomBytes(32).toString('base64'), { onlyIfNew: true });
      const salt = await opened.get(key, { type: 'text' });
      if (salt === null) throw new Error(`${key} vanished as it was made`);
      return salt;
    });
  // A look in flight (`existingHourSalt`) is waited for rather than asked again.
  const salt = entry ? entry.salt.then((found) => found ?? make()) : make();
  return remember(store, hour, salt, true) as Promise<string>;
}

/**
 * The salt of `hour` in `store` if it has one, without making one: an hour with no salt has no
 * keys made with it (an erasure, or the previous hour's places, then have nothing to look for).
 */
export function existingHourSalt(
  store: string,
  hour: number,
  hourFolder: string = String(hour),
): Promise<string | undefined> {
  const entry = cached(store, hour);
  if (entry) return entry.salt;
  return remember(store, hour, read(store, saltKey(hourFolder)), false);
}

/** Forgets the salts this instance holds, of `store` or of every store (tests: a cold instance). */
export function forgetHourSalts(store?: string): void {
  for (const [key, entry] of known)
    if (store === undefined || entry.store === store) known.delete(key);
}
