/**
 * Reading the audit log page by page (audit-layout.ts has the key layout). Nothing here lists the
 * whole store: a page walks time buckets from the newest down, one prefix listing each, filters
 * keys by time and event from the listing alone, and reads only the records of the page it
 * answers. The walk stops once it has LOOKAHEAD keys past the page, so the count it answers is
 * exact for a short log and "at least" for a long one (`more`). The purge walks back from its
 * cutoff a bounded number of buckets and deletes a bounded number of records per run.
 */
import type { AuditEvent, AuditRecord } from '../../src/lib/audit-events.ts';
import { AUDIT_MONTHS } from '../../src/lib/audit-events.ts';
import { AUDIT_STORE, BUCKET_MS, bucketOf, bucketStart, parseKey } from './audit-layout.ts';
import { inPool } from './repositories/pool.ts';
import { withStore, type Store } from './repositories/store.ts';

export interface AuditQuery {
  event?: AuditEvent;
  /** Epoch ms bounds of `at`, inclusive. */
  from?: number;
  to?: number;
}

export interface AuditPage {
  /** The page's records, newest first. */
  records: AuditRecord[];
  /** Records matching, counted as far as the walk went. */
  total: number;
  /** True when the walk stopped before the oldest record: `total` is a lower bound. */
  more: boolean;
}

export interface PageOptions {
  page?: number;
  pageSize?: number;
  /** Keys counted past the page before the walk stops. */
  lookahead?: number;
  now?: number;
}

/** Keys counted past the page: enough for the admin's next pages, never the whole log. */
export const LOOKAHEAD = 200;
/** Records written before events joined the key, read to filter one request at most. */
const OLD_KEY_READS = 200;
const MONTH_MS = 31 * 86_400_000;
/** Buckets listed at once. */
const LIST_CONCURRENCY = 2;

/** One page of the records matching `query`, newest first. */
export async function auditPage(
  query: AuditQuery = {},
  { page = 1, pageSize = 50, lookahead = LOOKAHEAD, now = Date.now() }: PageOptions = {},
): Promise<AuditPage> {
  return withStore(AUDIT_STORE, async (store) => {
    const wanted = page * pageSize + lookahead;
    const { keys, more } = await matchingKeys(store, query, now, wanted);
    const slice = keys.slice((page - 1) * pageSize, page * pageSize);
    const read = new Array<AuditRecord | null>(slice.length).fill(null);
    await inPool(slice.length, async (at) => {
      read[at] = recordOf(await store.get(slice[at]!, { type: 'json' }));
    });
    return {
      records: read.filter((record) => record !== null),
      total: keys.length,
      more,
    };
  });
}

/** Every record matching `query` (tests, small logs): pages through `auditPage`. */
export async function auditRecords(query: AuditQuery = {}): Promise<AuditRecord[]> {
  const { records } = await auditPage(query, { pageSize: 1_000, lookahead: 0 });
  return records;
}

/**
 * Keys matching `query`, newest first, walking buckets down from the newer of `to` and `now`
 * until `wanted` are found or the retention period (or `from`) is passed.
 */
async function matchingKeys(
  store: Store,
  { event, from = 0, to = Number.POSITIVE_INFINITY }: AuditQuery,
  now: number,
  wanted: number,
): Promise<{ keys: string[]; more: boolean }> {
  const oldest = Math.max(from, now - (AUDIT_MONTHS + 1) * MONTH_MS);
  const keys: string[] = [];
  let oldReads = 0;
  const last = bucketStart(oldest);
  let next = bucketStart(Math.min(to, now));
  while (next >= last) {
    // A few buckets listed at once (the service answers each listing in its own time).
    const batch: number[] = [];
    for (; batch.length < LIST_CONCURRENCY && next >= last; next -= BUCKET_MS) batch.push(next);
    const listings = await Promise.all(batch.map((bucket) => bucketKeys(store, bucket)));
    for (const { key, time, event: keyed } of listings.flat()) {
      if (time < from || time > to) continue;
      if (event !== undefined && keyed !== event) {
        if (keyed !== undefined) continue;
        // A record from before events joined the key: read it, within a bound.
        if (oldReads++ >= OLD_KEY_READS) return { keys, more: true };
        const record = recordOf(await store.get(key, { type: 'json' }));
        if (record?.event !== event) continue;
      }
      keys.push(key);
      if (keys.length >= wanted) return { keys, more: true };
    }
  }
  return { keys, more: false };
}

/** One bucket's record keys, newest first (every page of one prefix listing). */
async function bucketKeys(store: Store, bucket: number) {
  const found: { key: string; time: number; event: AuditEvent | undefined }[] = [];
  for await (const { blobs } of store.list({ prefix: bucketOf(bucket), paginate: true })) {
    for (const { key } of blobs) {
      const parts = parseKey(key);
      if (parts !== null) found.push({ key, ...parts });
    }
  }
  return found.sort((a, b) => b.time - a.time || (a.key < b.key ? 1 : -1));
}

/** A stored record as the API answers it: its own fields only (a counter's bookkeeping left out). */
function recordOf(value: unknown): AuditRecord | null {
  if (typeof value !== 'object' || value === null) return null;
  const { id, at, event, target, count, ip, session } = value as Partial<AuditRecord>;
  if (typeof id !== 'string' || typeof at !== 'string' || typeof event !== 'string') return null;
  return {
    id,
    at,
    event,
    ...(target !== undefined && { target }),
    ...(count !== undefined && { count }),
    ...(ip !== undefined && { ip }),
    ...(session !== undefined && { session }),
  };
}

/** Buckets one purge walks back from its cutoff (about three months: the job runs daily). */
const PURGE_BUCKETS = 8;
/** Records one purge deletes at most; the rest go with the next day's run. */
const PURGE_LIMIT = 5_000;

/** Deletes records older than `cutoff` (epoch ms), a bounded number per run; their number. */
export async function purgeAudit(cutoff: number, limit = PURGE_LIMIT): Promise<number> {
  return withStore(AUDIT_STORE, async (store) => {
    let removed = 0;
    for (let step = 0, bucket = bucketStart(cutoff); step < PURGE_BUCKETS; step++) {
      const old = (await bucketKeys(store, bucket))
        .filter(({ time }) => time < cutoff)
        .slice(0, limit - removed);
      await inPool(old.length, (at) => store.delete(old[at]!.key));
      removed += old.length;
      if (removed >= limit) break;
      bucket -= BUCKET_MS;
    }
    return removed;
  });
}
