/**
 * The site-wide ceiling on held submissions, HELD_SITE_PER_HOUR (default 500, rounded up to whole
 * blocks of HELD_QUOTA_BLOCK): the forms' rate limit counts per address, so an attacker with many
 * addresses could otherwise fill the held store, which keeps each item 30 days. Past the ceiling
 * a submission that would be held is refused (submission.ts: 429, nothing stored); an accepted
 * one never counts, so a flood of spam does not shut real leads out. Blocks are claimed as
 * `<hour>/<n>` of their own store (block-quota.ts) and past hours are swept, a bounded number a
 * run (time-sweep.ts), by the hourly spam upkeep.
 */
import { readPositiveInt } from '../env.ts';
import { blockQuota } from './block-quota.ts';
import { withStore } from './store.ts';
import { sweepBefore, type SweepLayout } from './time-sweep.ts';

export const HELD_QUOTA_STORE = 'held-quota';
export const HELD_QUOTA_BLOCK = 10;
const HOUR_MS = 3_600_000;
/** Digits of an hour in a key (hours since 1970 need six until the year 3110). */
const HOUR_DIGITS = 7;

export const heldPerHour = () => readPositiveInt('HELD_SITE_PER_HOUR', 500);

const LAYOUT: SweepLayout = {
  width: HOUR_DIGITS,
  prefixDigits: HOUR_DIGITS,
  timeOf: (key) => (/^\d{7}\//.test(key) ? Number(key.slice(0, HOUR_DIGITS)) : undefined),
};

/** What one sweep does at most: blobs deleted, hours listed. */
const SWEEP_LIMITS = { limit: 1_000, buckets: 48 } as const;

const quota = blockQuota({
  store: HELD_QUOTA_STORE,
  windowMs: HOUR_MS,
  capacity: heldPerHour,
  blockSize: HELD_QUOTA_BLOCK,
  prefix: (hour) => `${String(hour).padStart(HOUR_DIGITS, '0')}/`,
});

/** Takes one held submission's place in the current hour; false when the hour is full. */
export const takeHeldPlace = (now: number): Promise<boolean> => quota.take(now);

/** Forgets the blocks this instance holds (tests: a cold instance). */
export const forgetHeldPlaces = (): void => quota.forget();

/** Deletes the blocks of past hours, a bounded number a run; how many it deleted. */
export function sweepHeldQuota(now: number): Promise<number> {
  return withStore(HELD_QUOTA_STORE, (store) =>
    sweepBefore(store, LAYOUT, Math.floor(now / HOUR_MS), SWEEP_LIMITS),
  );
}
