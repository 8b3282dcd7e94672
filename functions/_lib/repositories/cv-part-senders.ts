/**
 * The hourly cap on CV parts per client address, CV_PARTS_ADDRESS_PER_HOUR (default 10: five 5 MB
 * CVs an hour; cv-parts.ts). Netlify's rate limit lets one address send 30 requests a minute, so
 * without it one address could take the whole site-wide ceiling (CV_PARTS_SITE_PER_HOUR) in minutes
 * and turn every other large CV away for the rest of the hour; with it, shutting applicants out
 * takes many addresses, which the ceiling still bounds.
 *
 * A part takes a numbered place `<hour>/<sender>/<n>` (n below the cap) of its own store with
 * `onlyIfNew`, after listing its sender's places of the hour (at most the cap of them): no counter
 * is read and written back, so simultaneous parts never pass the cap, and no request reads more
 * than one sender's hour. `<sender>` is an HMAC-SHA-256 of the address (Netlify's `context.ip`,
 * never a client-sent header) keyed with the hour's salt, `<hour>/salt` (hour-salt.ts): 32 random
 * bytes made by whichever instance needs them first. The address itself is never stored, and the
 * salt goes with its hour: the hourly spam upkeep sweeps every hour before the current one
 * (`sweepCvPartSenders`), so a sender's key lives two hours at most and, its salt gone, cannot be
 * tied to an address by trying addresses (a plain SHA-256 can be: IPv4 has 2^32 addresses; the
 * visits' day salt is another feature's and lives a day). A request with no address (some local
 * runs) counts under UNKNOWN_SENDER, one name shared by all such requests, like throttle.ts's
 * UNKNOWN_NAME. A place whose part is then not stored (the site's ceiling is reached) is given
 * back, so the places kept in an hour are about the parts stored, which the site's ceiling bounds,
 * and the upkeep's bounded sweep keeps up however many addresses send.
 */
import { readPositiveInt } from '../env.ts';
import { forgetHourSalts, hourSalt, keyedHash } from './hour-salt.ts';
import { withStore, type Store } from './store.ts';
import { sweepBefore, type SweepLayout } from './time-sweep.ts';

export const CV_PART_SENDERS_STORE = 'cv-part-senders';
const HOUR_MS = 3_600_000;
/** Digits of an hour in a key (hours since 1970 need six until the year 3110). */
const HOUR_DIGITS = 7;

/** The name every request without a client address counts under (no address has a NUL). */
export const UNKNOWN_SENDER = '\u0000unknown';

export const cvPartsPerAddress = () => readPositiveInt('CV_PARTS_ADDRESS_PER_HOUR', 10);

const pad = (hour: number) => String(hour).padStart(HOUR_DIGITS, '0');

/** The key folder of `address`'s places in `hour`: the hour, then the keyed hash. */
async function senderPrefix(address: string | undefined, hour: number): Promise<string> {
  const salt = await hourSalt(CV_PART_SENDERS_STORE, hour, pad(hour));
  return `${pad(hour)}/${keyedHash(salt, address ?? UNKNOWN_SENDER)}/`;
}

/** The place numbers taken under `prefix`, at most `max` (paged: never more than one sender's). */
async function takenUnder(store: Store, prefix: string, max: number): Promise<Set<string>> {
  const taken = new Set<string>();
  for await (const page of store.list({ prefix, paginate: true })) {
    for (const { key } of page.blobs) taken.add(key.slice(prefix.length));
    if (taken.size >= max) break;
  }
  return taken;
}

/** A place taken: given back when the part it was taken for is not stored after all. */
export interface SenderPlace {
  release(): Promise<void>;
}

/**
 * Takes one of the CV_PARTS_ADDRESS_PER_HOUR places of `address` (Netlify's `context.ip`;
 * undefined: UNKNOWN_SENDER) in the hour of `now`; undefined when all are taken. A request tries
 * each place it did not see taken at most once, so it makes at most the cap's number of writes.
 */
export async function takeSenderPlace(
  address: string | undefined,
  now: number,
): Promise<SenderPlace | undefined> {
  const cap = cvPartsPerAddress();
  const prefix = await senderPrefix(address, Math.floor(now / HOUR_MS));
  return withStore(CV_PART_SENDERS_STORE, async (store) => {
    const taken = await takenUnder(store, prefix, cap);
    for (let place = 0; place < cap; place++) {
      if (taken.has(String(place))) continue;
      const key = `${prefix}${place}`;
      const { modified } = await store.setJSON(key, {}, { onlyIfNew: true });
      if (modified) {
        return {
          release: () => withStore(CV_PART_SENDERS_STORE, (again) => again.delete(key)),
        };
      }
    }
    return undefined;
  });
}

/** Forgets the salts this instance holds (tests: a cold instance). */
export function forgetSenderSalts(): void {
  forgetHourSalts(CV_PART_SENDERS_STORE);
}

const LAYOUT: SweepLayout = {
  width: HOUR_DIGITS,
  prefixDigits: HOUR_DIGITS,
  timeOf: (key) => (/^\d{7}\//.test(key) ? Number(key.slice(0, HOUR_DIGITS)) : undefined),
};

/** Deletes the places and salts of every hour before the current one, bounded; how many. */
export function sweepCvPartSenders(now: number): Promise<number> {
  return withStore(CV_PART_SENDERS_STORE, (store) =>
    sweepBefore(store, LAYOUT, Math.floor(now / HOUR_MS), { limit: 1_000, buckets: 48 }),
  );
}
