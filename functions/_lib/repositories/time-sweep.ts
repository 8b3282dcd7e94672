/**
 * Bounded clean-up of a store whose keys begin with a time, zero-padded to `width` digits, so a
 * key prefix of the first `prefixDigits` digits is one bucket of time. A sweep never lists the
 * whole store: it lists at most `buckets` buckets, one prefix and one page each, from a cursor
 * kept in the store (`sweep-cursor`, the first bucket that may still hold stale keys) towards
 * `before`, deletes at most `limit` keys older than `before`, and moves the cursor past each
 * bucket it emptied that ended before `before`. A store without a cursor starts `buckets`
 * buckets back. Two sweeps at once delete the same keys (harmless) and the cursor is written
 * only over the version read, so it never goes back.
 */
import { inPool } from './pool.ts';
import type { Store } from './store.ts';
import { readTally } from './tallies.ts';

export const SWEEP_CURSOR = 'sweep-cursor';

export interface SweepLayout {
  /** Digits of a key's time (zero-padded). */
  width: number;
  /** Digits of a bucket's prefix. */
  prefixDigits: number;
  /** A key's time, or undefined for a key that is not one to sweep. */
  timeOf: (key: string) => number | undefined;
}

export interface SweepLimits {
  /** Keys deleted at most. */
  limit: number;
  /** Buckets listed at most. */
  buckets: number;
}

const DELETE_CONCURRENCY = 10;

/** Deletes up to `limit` keys older than `before`; how many. */
export async function sweepBefore(
  store: Store,
  { width, prefixDigits, timeOf }: SweepLayout,
  before: number,
  { limit, buckets }: SweepLimits,
): Promise<number> {
  const size = 10 ** (width - prefixDigits);
  const start = (time: number) => Math.floor(time / size) * size;
  const cursor = await readTally<{ next?: unknown }>(store, SWEEP_CURSOR);
  const saved = cursor.value?.next;
  let bucket =
    typeof saved === 'number' && Number.isSafeInteger(saved) && saved <= before
      ? start(saved)
      : start(before) - (buckets - 1) * size;
  const first = bucket;
  let deleted = 0;
  for (let step = 0; step < buckets && bucket <= before && deleted < limit; step++) {
    const prefix = String(bucket).padStart(width, '0').slice(0, prefixDigits);
    const { keys, more } = await firstPage(store, prefix);
    const stale = keys.filter((key) => {
      const time = timeOf(key);
      return time !== undefined && time < before;
    });
    const now = stale.slice(0, limit - deleted);
    await inPool(now.length, (at) => store.delete(now[at]!), { concurrency: DELETE_CONCURRENCY });
    deleted += now.length;
    // Done with the bucket only when all of it lay before `before` and nothing stale is left.
    if (more || now.length < stale.length || bucket + size > before) break;
    bucket += size;
  }
  if (bucket !== first) {
    await store.setJSON(
      SWEEP_CURSOR,
      { next: bucket },
      cursor.etag === undefined ? { onlyIfNew: true } : { onlyIfMatch: cursor.etag },
    );
  }
  return deleted;
}

/** The keys of the listing's first page under `prefix`, and whether more pages follow. */
async function firstPage(store: Store, prefix: string): Promise<{ keys: string[]; more: boolean }> {
  let keys: string[] | undefined;
  for await (const page of store.list({ prefix, paginate: true })) {
    if (keys !== undefined) return { keys, more: true };
    keys = page.blobs.map((blob) => blob.key);
  }
  return { keys: keys ?? [], more: false };
}
