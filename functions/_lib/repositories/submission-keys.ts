/**
 * Idempotency keys of public submissions: store `<timeline>-keys`, one small blob per key, named
 * by a SHA-256 of the key (a random token the visitor's browser made) and holding only the id of
 * the record it was first used for. The first request to claim a key wins (`onlyIfNew`); a retry
 * with the same key is given the same id, so however often a visitor retries after a timeout or
 * a 503, one record is stored. What was sent is compared with the stored record itself
 * (timeline.ts), so a claim holds nothing of the submission.
 *
 * When the record is deleted (by the admin, an erasure or the retention purge) its claim is
 * replaced by `{ gone: true }`: a retry then stores nothing again. Every claim is also filed under
 * the day it was made (`day-<YYYY-MM-DD>-<hash>`, an empty blob), and `sweepClaims` deletes the
 * claims of days older than CLAIM_DAYS, so keys are not kept for ever, a day at a time.
 */
import { createHash } from 'node:crypto';
import { idTime, isId } from '../ids.ts';
import { storageTimeLeft, withStore } from './store.ts';

/** Days a key is remembered: far longer than any retry of one submission. */
export const CLAIM_DAYS = 7;
const DAY_MS = 86_400_000;
const DAY_MARK = /^day-(\d{4}-\d{2}-\d{2})-([0-9a-f]{64})$/;
const CLAIM = /^[0-9a-f]{64}$/;

export type ClaimResult = { kind: 'claimed' | 'retry'; id: string } | { kind: 'gone' };

/** The blob name of a key's claim (what a record's metadata names as its `claim`). */
export function claimName(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

const storeOf = (timeline: string) => `${timeline}-keys`;
const dayOf = (at: number) => new Date(at).toISOString().slice(0, 10);

/** Claims `key` for `id`, or finds the id an earlier request with this key claimed. */
export function claimKey(
  timeline: string,
  key: string,
  id: string,
  now: number = Date.now(),
): Promise<ClaimResult> {
  const name = claimName(key);
  return withStore(storeOf(timeline), async (store) => {
    // Filed by day first, so no claim exists that the sweep cannot find.
    await store.set(`day-${dayOf(now)}-${name}`, '');
    const { modified } = await store.setJSON(name, { id }, { onlyIfNew: true });
    if (modified) return { kind: 'claimed', id };
    const earlier = (await store.get(name, { type: 'json' })) as {
      id?: unknown;
      gone?: unknown;
    } | null;
    if (earlier?.gone === true) return { kind: 'gone' };
    if (typeof earlier?.id !== 'string')
      throw new Error(`damaged key claim in ${storeOf(timeline)}`);
    return { kind: 'retry', id: earlier.id };
  });
}

/** The key's record was deleted: a retry must not store it again. */
export function releaseClaim(timeline: string, name: string): Promise<void> {
  if (!CLAIM.test(name)) return Promise.resolve();
  return withStore(storeOf(timeline), async (store) => {
    // Only over a claim that is still there: a swept one is not brought back (its marks are gone).
    const found = await store.getWithMetadata(name, { type: 'text' });
    if (!found?.etag) return;
    await store.setJSON(name, { gone: true }, { onlyIfMatch: found.etag });
  });
}

/** Where the sweep has got to: the last day whose marks it swept, and its pass over old claims. */
const SWEEP_KEY = '_sweep';
/**
 * Expired days a store's first sweep looks back over: the sweep before this one deleted every
 * expired claim daily, so none is older than a few days past CLAIM_DAYS.
 */
const FIRST_SWEEP_DAYS = 2 * CLAIM_DAYS;
/** Prefixes of old (unmarked) claims: the first two hex digits of their names. */
const LEGACY_PREFIXES = Array.from({ length: 256 }, (_, n) => n.toString(16).padStart(2, '0'));
/** Storage time a sweep keeps back, so it stops cleanly and the next run carries on. */
const SWEEP_RESERVE_MS = 1_000;

interface SweepState {
  /** The last day whose marks were swept. */
  through?: string;
  /** The next prefix of the pass over unmarked claims, or 'done'. */
  legacy?: string;
}

/**
 * Deletes the claims (and their day marks) made before the last CLAIM_DAYS days; their number.
 * Never lists the whole store: each expired day's marks are one prefix listing (`day-<day>-`),
 * days are taken in order from where the last sweep stopped (`_sweep`), and a sweep stops while
 * time remains, so a store of any size is swept over as many runs as it takes. A claim with no
 * day mark (kept by an earlier version, which filed none) is dated by the time its record id
 * carries, found by one pass over the names' first two hex digits, also carried on across runs.
 */
export function sweepClaims(timeline: string, now: number = Date.now()): Promise<number> {
  const oldestKept = dayOf(now - CLAIM_DAYS * DAY_MS);
  return withStore(storeOf(timeline), async (store) => {
    const state = ((await store.get(SWEEP_KEY, { type: 'json' })) ?? {}) as SweepState;
    const timeLeft = () => storageTimeLeft() > SWEEP_RESERVE_MS;
    let deleted = 0;
    let day = state.through
      ? nextDay(state.through)
      : dayOf(Date.parse(oldestKept) - FIRST_SWEEP_DAYS * DAY_MS);
    while (day < oldestKept && timeLeft()) {
      const { blobs } = await store.list({ prefix: `day-${day}-` });
      for (const { key } of blobs) {
        const match = DAY_MARK.exec(key);
        if (!match) continue;
        // A claim made again on a later day has that day's mark too; its age counts from its first.
        await store.delete(match[2]!);
        await store.delete(key);
        deleted++;
      }
      state.through = day;
      day = nextDay(day);
    }
    let prefix = state.legacy ?? LEGACY_PREFIXES[0]!;
    while (prefix !== 'done' && timeLeft()) {
      const { blobs } = await store.list({ prefix });
      for (const { key } of blobs) {
        if (!CLAIM.test(key)) continue;
        const claim = (await store.get(key, { type: 'json' })) as { id?: unknown } | null;
        const id = typeof claim?.id === 'string' && isId(claim.id) ? claim.id : undefined;
        // A claim's id is made when it is claimed: an old one is an old claim, marked or not.
        if (id === undefined || idTime(id) >= now - CLAIM_DAYS * DAY_MS) continue;
        await store.delete(key);
        deleted++;
      }
      prefix = LEGACY_PREFIXES[LEGACY_PREFIXES.indexOf(prefix) + 1] ?? 'done';
      state.legacy = prefix;
    }
    await store.setJSON(SWEEP_KEY, state);
    return deleted;
  });
}

function nextDay(day: string): string {
  return dayOf(Date.parse(day) + DAY_MS);
}
