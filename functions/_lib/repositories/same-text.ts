/**
 * How many other addresses sent the same text within the hour, for the spam rule `same-text`
 * (src/lib/spam). Each sending is one empty blob, `<hour>/<text hash>/<address hash>` (hours
 * since 1970, seven digits), written once with `onlyIfNew`: no counter is read and written
 * back, so simultaneous senders never lose each other, and one address sending the text again
 * is one blob still. The count lists the text's blobs of this hour and the last (the window is
 * one to two hours long), and stops listing at the number it needs. Keys are SHA-256 hashes:
 * neither the text nor the address is kept. Old hours are swept a bounded number at a time
 * (time-sweep.ts).
 */
import { createHash } from 'node:crypto';
import type { Store } from './store.ts';
import { withStore } from './store.ts';
import { sweepBefore, type SweepLayout } from './time-sweep.ts';

export const SAME_TEXT_STORE = 'same-text';
export const HOUR_MS = 3_600_000;
/** Digits of an hour in a key (hours since 1970 need six until the year 3110). */
const HOUR_DIGITS = 7;

const LAYOUT: SweepLayout = {
  width: HOUR_DIGITS,
  prefixDigits: HOUR_DIGITS,
  timeOf: (key) => (/^\d{7}\//.test(key) ? Number(key.slice(0, HOUR_DIGITS)) : undefined),
};

/** What one sweep does at most: blobs deleted, hours listed. */
export const SWEEP_LIMITS = { limit: 1_000, buckets: 48 } as const;

const hash = (kind: 'text' | 'address', value: string) =>
  createHash('sha256').update(`${kind}\n${value}`).digest('hex');

const hourOf = (now: number) => Math.floor(now / HOUR_MS);
const hourKey = (hour: number) => String(hour).padStart(HOUR_DIGITS, '0');

/** The key prefix of `text`'s sendings in `hour`. */
export function sendingsPrefix(hour: number, text: string): string {
  return `${hourKey(hour)}/${hash('text', text)}/`;
}

/** The address hashes under `prefix` other than `own`, added to `seen` until it holds `max`. */
async function collect(
  store: Store,
  prefix: string,
  own: string,
  seen: Set<string>,
  max: number,
): Promise<void> {
  for await (const page of store.list({ prefix, paginate: true })) {
    for (const { key } of page.blobs) {
      const address = key.slice(prefix.length);
      if (address !== own) seen.add(address);
      if (seen.size >= max) return;
    }
  }
}

/**
 * Records that `address` sent `text` (both as the spam module normalised them) at `now`, and
 * counts the other addresses that sent it this hour or the last, up to `max` (the count stops
 * there: more is not needed to hold a campaign).
 */
export function recordSameText(
  text: string,
  address: string,
  now: number,
  max: number,
): Promise<number> {
  const hour = hourOf(now);
  const own = hash('address', address);
  return withStore(SAME_TEXT_STORE, async (store) => {
    await store.set(`${sendingsPrefix(hour, text)}${own}`, '', { onlyIfNew: true });
    const others = new Set<string>();
    await collect(store, sendingsPrefix(hour, text), own, others, max);
    if (others.size < max) await collect(store, sendingsPrefix(hour - 1, text), own, others, max);
    return others.size;
  });
}

/**
 * Deletes the sendings of hours before the last (they no longer count), a bounded number a run
 * (SWEEP_LIMITS); how many it deleted. The rest waits for the next run.
 */
export function sweepSameText(now: number): Promise<number> {
  return withStore(SAME_TEXT_STORE, (store) =>
    sweepBefore(store, LAYOUT, hourOf(now) - 1, SWEEP_LIMITS),
  );
}
