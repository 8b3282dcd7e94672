/**
 * The scheduled rollup of raw visit events (repositories/visits.ts for the keys):
 * 1. each closed five-minute bucket (ended SETTLE_MS ago: later writes of it are over) that has
 *    no totals yet is counted from its key listing and its totals written with `onlyIfNew`, so
 *    two rollups at once write one set of totals and an event is never counted twice;
 * 2. each day over whose buckets are all counted gets its day totals, unique visitors included
 *    (the count of its first-view keys), written once the same way;
 * 3. raw events, first views and bucket totals older than KEEP_MS (48 h) go once their day's
 *    totals exist; the salts of days that are over go at once; the quota's old minutes go.
 * Every step lists one day's or one bucket's prefix, paged; a run stops starting buckets and
 * deletes when its storage time runs low, and the next run carries on from what is stored, so a
 * missed run (or day, within the 48 h raw events are kept) is caught up.
 */
import { storageTimeLeft } from '../repositories/store.ts';
import {
  DAY_MS,
  bucketEnd,
  dayOf,
  dayStart,
  deleteKeys,
  eachKeyPage,
  foldersUnder,
  keysUnder,
  putOnce,
  readJSON,
} from '../repositories/visits.ts';
import { addEvent, addTotals, emptyTotals, eventOfKey, type Totals } from './totals.ts';

export const SETTLE_MS = 2 * 60_000;
export const KEEP_MS = 48 * 3_600_000;
/** Storage time a run keeps for what it has begun: it starts no bucket or delete past this. */
const RESERVE_MS = 5_000;
/** Deletes in flight at once, and at most in one run. */
const DELETE_BATCH = 16;
export const MAX_DELETES = 20_000;

export interface DayTotals extends Totals {
  visitors: number;
}

export interface RollupReport {
  buckets: number;
  events: number;
  days: number;
  deleted: number;
  /** Whether work was left for the next run. */
  left: boolean;
}

/** Counts one bucket from the keys of its raw events. */
export async function countBucket(day: string, bucket: string): Promise<Totals> {
  const totals = emptyTotals();
  await eachKeyPage(`e/${day}/${bucket}/`, (keys) => {
    for (const key of keys) {
      const event = eventOfKey(key);
      if (event !== undefined) addEvent(totals, event);
    }
  });
  return totals;
}

/** The number of keys under `prefix` (paged). */
export async function countKeys(prefix: string): Promise<number> {
  let count = 0;
  await eachKeyPage(prefix, (keys) => {
    count += keys.length;
  });
  return count;
}

/** The sum of a day's bucket totals, `buckets` of them. */
export async function sumBuckets(day: string, buckets: readonly string[]): Promise<Totals> {
  const totals = emptyTotals();
  for (let i = 0; i < buckets.length; i += DELETE_BATCH) {
    const read = await Promise.all(
      buckets.slice(i, i + DELETE_BATCH).map((bucket) => readJSON<Totals>(`r/${day}/${bucket}`)),
    );
    for (const one of read) if (one !== null) addTotals(totals, one);
  }
  return totals;
}

const timeLeft = (minMs: number) => storageTimeLeft() > minMs;

export async function rollUp(now: number, reserveMs = RESERVE_MS): Promise<RollupReport> {
  const report: RollupReport = { buckets: 0, events: 0, days: 0, deleted: 0, left: false };
  const stale: string[] = [];
  const days = [...new Set([...(await foldersUnder('e/')), ...(await foldersUnder('r/'))])].sort();
  for (const day of days) {
    const rolled = new Set((await keysUnder(`r/${day}/`)).map((key) => key.split('/')[2]!));
    const buckets = (await foldersUnder(`e/${day}/`)).sort();
    for (const bucket of buckets) {
      const end = bucketEnd(day, bucket);
      if (rolled.has(bucket)) {
        if (end + KEEP_MS <= now) stale.push(`e/${day}/${bucket}/`);
        continue;
      }
      if (end + SETTLE_MS > now) continue;
      if (!timeLeft(reserveMs)) {
        report.left = true;
        continue;
      }
      const totals = await countBucket(day, bucket);
      if (await putOnce(`r/${day}/${bucket}`, totals)) {
        report.buckets++;
        report.events += totals.views + Object.values(totals.steps).reduce((a, b) => a + b, 0);
      }
      rolled.add(bucket);
    }
    const over = dayStart(day) + DAY_MS + SETTLE_MS <= now;
    if (!over || buckets.some((bucket) => !rolled.has(bucket))) continue;
    let finished = (await readJSON(`d/${day}`)) !== null;
    if (!finished && timeLeft(reserveMs)) {
      const totals = await sumBuckets(day, [...rolled]);
      const visitors = await countKeys(`f/${day}/`);
      if (await putOnce(`d/${day}`, { ...totals, visitors } satisfies DayTotals)) report.days++;
      finished = true;
    }
    if (finished && dayStart(day) + DAY_MS + KEEP_MS <= now) {
      stale.push(`r/${day}/`, `f/${day}/`);
    }
  }
  const today = dayOf(now);
  const salts = (await keysUnder('salt/')).filter((key) => key.slice(5) < today);
  const minute = Math.floor(now / 60_000);
  const quota = (await foldersUnder('q/')).filter((old) => Number(old) < minute - 1);
  await deleteKeys(salts);
  report.deleted += salts.length;
  stale.push(...quota.map((old) => `q/${old}/`));
  report.left = (await deleteUnder(stale, report, reserveMs)) || report.left;
  return report;
}

/**
 * Deletes the keys under each prefix, within the run's bounds; whether any were left. Each batch
 * lists the prefix afresh (a listing's cursor is not to be trusted across deletes).
 */
async function deleteUnder(
  prefixes: readonly string[],
  report: RollupReport,
  reserveMs: number,
): Promise<boolean> {
  for (const prefix of prefixes) {
    for (;;) {
      if (report.deleted >= MAX_DELETES || !timeLeft(reserveMs)) return true;
      const keys = await keysUnder(prefix, Math.min(1_000, MAX_DELETES - report.deleted));
      if (keys.length === 0) break;
      for (let i = 0; i < keys.length; i += DELETE_BATCH) {
        const batch = keys.slice(i, i + DELETE_BATCH);
        await deleteKeys(batch);
        report.deleted += batch.length;
      }
    }
  }
  return false;
}
