/**
 * The visits store. Every key starts with what it is and its UTC day, so each step of the rollup
 * and of the reader lists one prefix, paged, and never the store whole:
 * - `e/<day>/<bucket>/<id>.<event>`: one raw event, written once under a fresh id (never a
 *   read-modify-write); the event is the key itself (visits/event.ts). A bucket is five minutes
 *   (`HHMM` of its start).
 * - `f/<day>/<visitor>`: the day's first page view of a visitor key, written with `onlyIfNew`
 *   (the lead source looks it up by that one key).
 * - `r/<day>/<bucket>`: a bucket's totals, written once with `onlyIfNew` (two rollups agree).
 * - `d/<day>`: a whole day's totals and unique visitors, written once the same way.
 * - `salt/<day>`: the day's random salt, created with `onlyIfNew`; deleted once the day is over.
 * - `q/<minute>/<block>`: the site-wide quota's blocks (visits/quota.ts).
 */
import { randomBytes } from 'node:crypto';
import { newId } from '../ids.ts';
import type { VisitEvent } from '../visits/event.ts';
import { encodeEvent } from '../visits/event.ts';
import { scopedName, withStore, type Store } from './store.ts';

export const VISITS_STORE = 'visits';
export const BUCKET_MS = 5 * 60_000;
export const DAY_MS = 86_400_000;

/** `YYYY-MM-DD` of the UTC day of `ms`. */
export const dayOf = (ms: number): string => new Date(ms).toISOString().slice(0, 10);
/** `HHMM` of the start of the bucket of `ms`. */
export function bucketOf(ms: number): string {
  const start = new Date(Math.floor(ms / BUCKET_MS) * BUCKET_MS).toISOString();
  return `${start.slice(11, 13)}${start.slice(14, 16)}`;
}
export const dayStart = (day: string): number => Date.parse(`${day}T00:00:00Z`);
export function bucketEnd(day: string, bucket: string): number {
  const minutes = Number(bucket.slice(0, 2)) * 60 + Number(bucket.slice(2));
  return dayStart(day) + minutes * 60_000 + BUCKET_MS;
}

const visits = <T>(operation: (store: Store) => Promise<T>) => withStore(VISITS_STORE, operation);

/** Writes one raw event received at `at`; its key. */
export function writeEvent(event: VisitEvent, at: number): Promise<string> {
  const key = `e/${dayOf(at)}/${bucketOf(at)}/${newId(at)}.${encodeEvent(event)}`;
  return visits(async (store) => {
    await store.set(key, '');
    return key;
  });
}

/** Visitor keys this instance has kept a first view of, per store and day (bounded). */
const kept = new Map<string, Set<string>>();
const KEPT_MAX = 100_000;

/**
 * Keeps `event` as the day's first page view of its visitor, unless one is already kept (by
 * this instance, known without a storage call; by another, refused by `onlyIfNew`).
 */
export async function keepFirstView(event: VisitEvent, at: number): Promise<void> {
  const { visitor } = event;
  if (visitor === undefined) return;
  const day = dayOf(at);
  const scope = `${scopedName(VISITS_STORE)}|${day}`;
  let known = kept.get(scope);
  if (known === undefined) {
    kept.clear(); // Only the current day's keys are worth remembering.
    known = new Set();
    kept.set(scope, known);
  }
  if (known.has(visitor)) return;
  await visits(async (store) => {
    await store.setJSON(
      `f/${day}/${visitor}`,
      { ...event, at: new Date(at).toISOString() },
      {
        onlyIfNew: true,
      },
    );
  });
  if (known.size < KEPT_MAX) known.add(visitor);
}

/** The day's first page view of `visitor`, if the day's raw events are still kept. */
export function firstView(
  day: string,
  visitor: string,
): Promise<(VisitEvent & { at: string }) | null> {
  return visits(
    async (store) => (await store.get(`f/${day}/${visitor}`, { type: 'json' })) as never,
  );
}

const salts = new Map<string, Promise<string>>();

/**
 * The day's secret salt: made by whichever instance comes first, read by every other. An
 * instance asks storage once a day (simultaneous requests share the one question).
 */
export function daySalt(day: string): Promise<string> {
  const cacheKey = `${scopedName(VISITS_STORE)}|${day}`;
  const known = salts.get(cacheKey);
  if (known !== undefined) return known;
  const asked = visits(async (store) => {
    const key = `salt/${day}`;
    await store.set(key, randomBytes(32).toString('base64'), { onlyIfNew: true });
    const salt = await store.get(key, { type: 'text' });
    if (salt === null) throw new Error(`${key} vanished as it was made`);
    return salt;
  });
  for (const old of salts.keys()) if (!old.endsWith(`|${day}`)) salts.delete(old);
  salts.set(cacheKey, asked);
  // A failed question is asked again by the next request.
  asked.catch(() => salts.delete(cacheKey));
  return asked;
}

/**
 * The day's salt if a page view has made it, else undefined; never makes one (a lead looks up its
 * sender's first view by it, and with no salt there is no view to find, nor anything to write).
 */
export async function existingDaySalt(day: string): Promise<string | undefined> {
  const known = salts.get(`${scopedName(VISITS_STORE)}|${day}`);
  if (known !== undefined) return known;
  const salt = await visits((store) => store.get(`salt/${day}`, { type: 'text' }));
  return salt ?? undefined;
}

/** Forgets the salts and first views this instance holds (tests: a cold instance). */
export function forgetSalts(): void {
  salts.clear();
  kept.clear();
}

/** Calls `onPage` with each page of keys under `prefix`; stops when it returns false. */
export function eachKeyPage(
  prefix: string,
  onPage: (keys: string[]) => boolean | void | Promise<boolean | void>,
): Promise<void> {
  return visits(async (store) => {
    for await (const page of store.list({ prefix, paginate: true })) {
      if ((await onPage(page.blobs.map((blob) => blob.key))) === false) return;
    }
  });
}

/** The keys under `prefix`, at most `max` (paged: a full prefix is never read at once). */
export async function keysUnder(prefix: string, max = Number.POSITIVE_INFINITY): Promise<string[]> {
  const keys: string[] = [];
  await eachKeyPage(prefix, (page) => {
    keys.push(...page.slice(0, max - keys.length));
    return keys.length < max;
  });
  return keys;
}

/** The folders directly under `prefix` (their names only). */
export function foldersUnder(prefix: string): Promise<string[]> {
  return visits(async (store) => {
    const names: string[] = [];
    for await (const page of store.list({ prefix, directories: true, paginate: true })) {
      for (const dir of page.directories) names.push(dir.slice(prefix.length).replace(/\/$/, ''));
    }
    return names;
  });
}

/** Writes `value` at `key` unless something is there; whether it was written. */
export function putOnce(key: string, value: unknown): Promise<boolean> {
  return visits(async (store) => (await store.setJSON(key, value, { onlyIfNew: true })).modified);
}

export function readJSON<T>(key: string): Promise<T | null> {
  return visits(async (store) => (await store.get(key, { type: 'json' })) as T | null);
}

export function deleteKeys(keys: readonly string[]): Promise<void> {
  return visits(async (store) => {
    await Promise.all(keys.map((key) => store.delete(key)));
  });
}
