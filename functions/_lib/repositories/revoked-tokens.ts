/**
 * Revoked admin tokens (server-side logout): store `revoked-tokens`, one small blob per revoked
 * token id holding `{ exp }`, kept until the token would have expired anyway. It lives in the
 * scope of the credentials (store.ts `storeLocation`): a logout holds on every deploy that accepts
 * the token, so all previews and branch deploys share one list, apart from production's.
 *
 * Keys are `<exp>.<jti>`: a check knows both (they are claims of the token it has just verified),
 * and a cleanup sees from the listing alone which entries are stale, without reading any of
 * them. The expiry's first digits are a bucket of time (10^4 s, about 2.8 hours), so each logout
 * drops stale entries a few buckets at a time from where the last one stopped (time-sweep.ts),
 * never listing the whole store.
 */
import { withStore, type Store } from './store.ts';
import { sweepBefore, type SweepLayout } from './time-sweep.ts';

const STORE = 'revoked-tokens';
const KEY = /^(\d{1,15})\.[\w-]+$/;
/** Expiries in epoch seconds: 10 digits until the year 2286. */
const LAYOUT: SweepLayout = {
  width: 10,
  prefixDigits: 6,
  timeOf: (key) => {
    const exp = KEY.exec(key)?.[1];
    return exp === undefined ? undefined : Number(exp);
  },
};
/** What one logout's cleanup does at most. */
const CLEANUP = { limit: 100, buckets: 10 };

const withRevocations = <T>(operation: (store: Store) => Promise<T>): Promise<T> =>
  withStore(STORE, operation, { scope: 'credentials' });

/** The claims that identify one token: its id and its expiry (epoch seconds). */
export interface TokenId {
  jti: string;
  exp: number;
}

const keyOf = ({ jti, exp }: TokenId) => `${exp}.${jti}`;

export const revokedTokens = {
  /** One strong read. */
  isRevoked: (token: TokenId): Promise<boolean> =>
    withRevocations(async (store) => (await store.get(keyOf(token))) !== null),

  /** Stores the revocation. Idempotent: a concurrent logout with the same token may write it first. */
  revoke: (token: TokenId): Promise<void> =>
    withRevocations(async (store) => {
      await store.setJSON(keyOf(token), { exp: token.exp }, { onlyIfNew: true });
    }),

  /**
   * Drops expired entries, a bounded number (best effort: called last by a logout, whose
   * revocation is what counts). Never throws.
   */
  removeExpired: (now = Math.floor(Date.now() / 1000)): Promise<number> =>
    removeExpired(now).catch(() => 0), // Already logged by withStore; the next logout tries again.
};

/** Deletes entries of tokens that expired by `now` (epoch seconds), a bounded number a call. */
function removeExpired(now: number): Promise<number> {
  // `exp <= now` is stale: sweep what is before now + 1.
  return withRevocations((store) => sweepBefore(store, LAYOUT, now + 1, CLEANUP));
}
