/**
 * What the admin's insights read of visits: for each day of a period, its day totals once the
 * rollup has written them, else (the days whose raw events are still kept: today, and yesterday
 * until it is rolled up) its bucket totals plus the raw events of the buckets not yet counted,
 * with the day's unique visitors counted from its first-view keys. One read per finished day,
 * once per instance: a day's totals are written once (`onlyIfNew`) and never changed, so an
 * instance keeps those it has read (FINISHED_KEPT at most); a live day lists its own prefixes.
 */
import {
  DAY_MS,
  dayOf,
  dayStart,
  foldersUnder,
  keysUnder,
  readJSON,
  VISITS_STORE,
} from '../repositories/visits.ts';
import { scopedName } from '../repositories/store.ts';
import { KEEP_MS, countBucket, countKeys, sumBuckets, type DayTotals } from './rollup.ts';
import { addTotals, emptyTotals } from './totals.ts';

/** Longest period read at once (12 weeks and a little). */
export const MAX_DAYS = 92;

export interface InsightsRange {
  /** First and last UTC day, `YYYY-MM-DD`, both included. */
  from: string;
  to: string;
}

export interface VisitInsights {
  days: ({ day: string } & DayTotals)[];
  /** The period's totals; `visitors` is the sum of each day's unique visitors. */
  total: DayTotals;
}

/** The last `count` UTC days up to the one of `now`. */
export function lastDays(count: number, now: number): InsightsRange {
  return { from: dayOf(now - (count - 1) * DAY_MS), to: dayOf(now) };
}

export async function readInsights(range: InsightsRange, now: number): Promise<VisitInsights> {
  const first = dayStart(range.from);
  const last = dayStart(range.to);
  if (!(first <= last) || (last - first) / DAY_MS + 1 > MAX_DAYS) {
    throw new RangeError(`A period of 1 to ${MAX_DAYS} days, not ${range.from}..${range.to}`);
  }
  const days: string[] = [];
  for (let at = first; at <= last; at += DAY_MS) days.push(dayOf(at));
  const read = await Promise.all(days.map((day) => readDay(day, now)));
  const total: DayTotals = { ...emptyTotals(), visitors: 0 };
  for (const one of read) {
    addTotals(total, one);
    total.visitors += one.visitors;
  }
  return { days: days.map((day, i) => ({ day, ...read[i]! })), total };
}

/** Finished days' totals an instance keeps (a few KB each): three 90-day periods' worth. */
const FINISHED_KEPT = 3 * MAX_DAYS;
/** By store scope and day, oldest read first. */
const finished = new Map<string, DayTotals>();

/** Forgets the days this instance keeps (tests: a cold instance). */
export function forgetFinishedDays(): void {
  finished.clear();
}

async function finishedDay(day: string): Promise<DayTotals | null> {
  const key = `${scopedName(VISITS_STORE)}|${day}`;
  const kept = finished.get(key);
  if (kept !== undefined) return kept;
  const done = await readJSON<DayTotals>(`d/${day}`);
  if (done === null) return null;
  finished.set(key, done);
  if (finished.size > FINISHED_KEPT) finished.delete(finished.keys().next().value!);
  return done;
}

async function readDay(day: string, now: number): Promise<DayTotals> {
  const done = await finishedDay(day);
  if (done !== null) return structuredClone(done);
  const totals: DayTotals = { ...emptyTotals(), visitors: 0 };
  // Older days without totals had no visits (or lost their raw events long ago).
  if (dayStart(day) + DAY_MS + KEEP_MS <= now || dayStart(day) > now) return totals;
  const rolled = (await keysUnder(`r/${day}/`)).map((key) => key.split('/')[2]!);
  const counted = new Set(rolled);
  const raw = (await foldersUnder(`e/${day}/`)).filter((bucket) => !counted.has(bucket));
  addTotals(totals, await sumBuckets(day, rolled));
  for (const bucket of raw) addTotals(totals, await countBucket(day, bucket));
  totals.visitors = await countKeys(`f/${day}/`);
  return totals;
}
