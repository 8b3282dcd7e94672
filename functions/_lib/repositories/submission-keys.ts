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
 * claims of days older than CLAIM_DAYS, so keys are not kept for ever.
 */
import { createHash } from 'node:crypto';
import { idTime, isId } from '../ids.ts';
import { withStore } from './store.ts';

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

/**
 * Deletes the claims (and their day marks) made before the last CLAIM_DAYS days; their number.
 * A claim with no day mark (kept by an earlier version, which filed none) is dated by the time
 * its record id carries.
 */
export function sweepClaims(timeline: string, now: number = Date.now()): Promise<number> {
  const oldestKept = dayOf(now - CLAIM_DAYS * DAY_MS);
  return withStore(storeOf(timeline), async (store) => {
    const { blobs } = await store.list();
    const marks = blobs.flatMap(({ key }) => {
      const match = DAY_MARK.exec(key);
      return match ? [{ mark: key, day: match[1]!, claim: match[2]! }] : [];
    });
    const expired = marks.filter(({ day }) => day < oldestKept);
    // A claim made again on a later day has that day's mark too; its age counts from its first.
    const claims = new Set(expired.map(({ claim }) => claim));
    const marked = new Set(marks.map(({ claim }) => claim));
    for (const { key } of blobs) {
      if (!CLAIM.test(key) || marked.has(key)) continue;
      const claim = (await store.get(key, { type: 'json' })) as { id?: unknown } | null;
      const id = typeof claim?.id === 'string' && isId(claim.id) ? claim.id : undefined;
      if (id === undefined || idTime(id) < now - CLAIM_DAYS * DAY_MS) claims.add(key);
    }
    for (const name of claims) await store.delete(name);
    for (const { mark } of expired) await store.delete(mark);
    return claims.size;
  });
}
