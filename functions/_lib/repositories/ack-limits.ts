/**
 * How many acknowledgements went to one address and from one client address in the last hour,
 * counted so that simultaneous requests cannot both take the last place: each acknowledgement
 * takes a numbered slot of the current hour (`<who>/<hash>/<hour>/<n>`) with `onlyIfNew`, and
 * the slots of the hour before that are still under an hour old count against it. Keys hold
 * SHA-256 hashes, never an address; the outbox's schedule deletes slots older than two hours, and
 * an erasure deletes its address's at once (`forgetAddress`).
 */
import { createHash } from 'node:crypto';
import { addressKey } from '../../../src/lib/schemas/index.ts';
import { withStore, type Store } from './store.ts';

export const ACK_LIMITS_STORE = 'ack-limits';
const HOUR = 3_600_000;

export type Who = 'to' | 'from';

const hash = (who: Who, value: string) =>
  createHash('sha256')
    .update(`${who}\n${who === 'to' ? addressKey(value) : value}`)
    .digest('hex');

/** The slots of `who` taken in the hour `hour` (an index of whole hours since 1970), with times. */
async function slotsOf(store: Store, prefix: string, hour: number): Promise<number[]> {
  const { blobs } = await store.list({ prefix: `${prefix}/${hour}/` });
  const times = await Promise.all(
    blobs.map(async ({ key }) => {
      const slot = (await store.get(key, { type: 'json' })) as { at?: number } | null;
      return slot?.at ?? 0;
    }),
  );
  return times;
}

/** Takes one of `max` places of the last hour for `value`; false when all are taken. */
export async function takePlace(
  who: Who,
  value: string,
  max: number,
  now: number,
): Promise<boolean> {
  const prefix = `${who}/${hash(who, value)}`;
  const hour = Math.floor(now / HOUR);
  return withStore(ACK_LIMITS_STORE, async (store) => {
    const recent = (await slotsOf(store, prefix, hour - 1)).filter((at) => now - at < HOUR);
    for (let slot = 0; slot < max - recent.length; slot++) {
      const taken = await store.setJSON(
        `${prefix}/${hour}/${slot}`,
        { at: now },
        { onlyIfNew: true },
      );
      if (taken.modified) return true;
    }
    return false;
  });
}

/** Deletes slots of hours that ended more than an hour before `now`. */
export async function sweepPlaces(now: number): Promise<number> {
  const current = Math.floor(now / HOUR);
  return withStore(ACK_LIMITS_STORE, async (store) => {
    const { blobs } = await store.list();
    let removed = 0;
    for (const { key } of blobs) {
      const hour = Number(key.split('/')[2]);
      if (Number.isFinite(hour) && hour < current - 1) {
        await store.delete(key);
        removed++;
      }
    }
    return removed;
  });
}

/** Deletes every slot of an e-mail address (an erasure). */
export async function forgetAddress(email: string): Promise<void> {
  await withStore(ACK_LIMITS_STORE, async (store) => {
    const { blobs } = await store.list({ prefix: `to/${hash('to', email)}/` });
    for (const { key } of blobs) await store.delete(key);
  });
}
