/**
 * Small shared counters changed by many requests at once (hourly refusal counts, the site-wide
 * count of password checks): one JSON blob each, changed only by conditional writes (`onlyIfNew`
 * for a blob not there, `onlyIfMatch` on the ETag read), re-read and tried again when another
 * request wrote first, so no change is ever lost or applied twice. Counters that many requests
 * change are split into shards by the caller, so few requests ever meet on one blob.
 */
import type { Store } from './store.ts';

/**
 * Tries one change makes before it gives up (then the caller decides; nothing was written). High:
 * the request's storage deadline (store.ts) is what bounds a change under a flood.
 */
export const MAX_TRIES = 50;

export interface Read<T> {
  value: T | null;
  etag: string | undefined;
}

export async function readTally<T>(store: Store, key: string): Promise<Read<T>> {
  const entry = await store.getWithMetadata(key, { type: 'json' });
  if (entry === null) return { value: null, etag: undefined };
  return { value: entry.data as T, etag: entry.etag || undefined };
}

/**
 * Applies `change` to the blob at `key` (null when absent) and writes the result conditionally,
 * again on a fresh read after each lost race. `change` returns undefined to write nothing (a
 * counter already full). Resolves to what was written, or undefined when nothing was (or the
 * tries ran out under a flood: the caller treats that as "not counted").
 */
export async function changeTally<T>(
  store: Store,
  key: string,
  change: (current: T | null) => T | undefined,
): Promise<{ written: T | undefined; before: T | null }> {
  for (let tries = 0; tries < MAX_TRIES; tries++) {
    const { value, etag } = await readTally<T>(store, key);
    const next = change(value);
    if (next === undefined) return { written: undefined, before: value };
    // A blob read without an ETag can never be overwritten safely: treat it as absent.
    const result = await store.setJSON(
      key,
      next,
      etag === undefined ? { onlyIfNew: true } : { onlyIfMatch: etag },
    );
    if (result.modified) return { written: next, before: value };
    // Lost to another request: wait a little, then read again.
    await pause(tries);
  }
  return { written: undefined, before: null };
}

/** Shard `shard`'s part of a cap split over `shards`: the parts add up to the cap exactly. */
export function shareOf(cap: number, shard: number, shards: number): number {
  return Math.floor(cap / shards) + (shard < cap % shards ? 1 : 0);
}

/** A short random wait after the `tries`-th lost race: spreads the retries of a burst. */
export const pause = (tries: number) =>
  new Promise((resolve) => setTimeout(resolve, Math.random() * 5 * Math.min(tries + 1, 10)));
