/**
 * Spent proofs of work: store `spent-proofs`, one empty blob per solution ever accepted, keyed
 * `<expiry, epoch ms, 13 digits>/<hash of the challenge's signature>`. `spend` writes it with
 * `onlyIfNew`, so of any number of requests carrying one solution, however concurrent, exactly
 * one writes it and the rest are refused. A key is needed only until its challenge expires (an
 * expired challenge is refused anyway): `sweep` deletes expired keys, a bounded few buckets of
 * time from where it last stopped (time-sweep.ts), never by listing the store.
 */
import { createHash } from 'node:crypto';
import { withStore } from './store.ts';
import { sweepBefore, type SweepLayout } from './time-sweep.ts';

const STORE = 'spent-proofs';
const EXPIRY_KEY = /^(\d{13})\//;
/** Buckets of 10^7 ms (about 2.8 hours) of expiry. */
const LAYOUT: SweepLayout = {
  width: 13,
  prefixDigits: 6,
  timeOf: (key) => {
    const expiry = EXPIRY_KEY.exec(key)?.[1];
    return expiry === undefined ? undefined : Number(expiry);
  },
};
const SWEEP_BUCKETS = 3;

const spentKey = (signature: string, expiresAtMs: number) =>
  `${String(expiresAtMs).padStart(13, '0')}/${createHash('sha256').update(signature).digest('hex')}`;

export const spentProofs = {
  /** Marks the solution of the challenge signed `signature` spent; false if it already was. */
  spend: (signature: string, expiresAtMs: number): Promise<boolean> =>
    withStore(STORE, async (store) => {
      const { modified } = await store.set(spentKey(signature, expiresAtMs), '', {
        onlyIfNew: true,
      });
      return modified;
    }),

  /** Deletes at most `limit` keys of challenges expired before `before`; how many. */
  sweep: (before: number, limit: number): Promise<number> =>
    withStore(STORE, (store) =>
      sweepBefore(store, LAYOUT, before, { limit, buckets: SWEEP_BUCKETS }),
    ),
};
