/**
 * Revoked admin tokens (server-side logout): store `revoked-tokens`, one small blob per revoked
 * token id holding `{ exp }`, kept until the token would have expired anyway. It lives in the
 * scope of the credentials (store.ts `storeLocation`): a logout holds on every deploy that accepts
 * the token, so all previews and branch deploys share one list, apart from production's.
 *
 * Keys are `<exp>.<jti>`: a check knows both (they are claims of the token it has just verified),
 * and a cleanup sees from the listing alone which entries are stale, without reading any of
 * them. Each logout drops the stale ones, so the list holds at most the last hour's logouts.
 */
import { withStore, type Store } from './store.ts';

const STORE = 'revoked-tokens';
const KEY = /^(\d{1,15})\.[\w-]+$/;

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

  /** Stores the revocation, then drops expired entries (best effort: the revocation is what counts). */
  revoke: async (token: TokenId): Promise<void> => {
    await withRevocations(async (store) => {
      // Idempotent: a concurrent logout with the same token may have written it first.
      await store.setJSON(keyOf(token), { exp: token.exp }, { onlyIfNew: true });
    });
    await removeExpired(Math.floor(Date.now() / 1000)).catch(() => {
      // Already logged by withStore; the next logout tries again.
    });
  },
};

/** Deletes the entries of tokens that expired by `now` (epoch seconds); keys not ours are left alone. */
function removeExpired(now: number): Promise<void> {
  return withRevocations(async (store) => {
    const { blobs } = await store.list();
    const stale = blobs
      .map((blob) => blob.key)
      .filter((key) => {
        const exp = KEY.exec(key)?.[1];
        return exp !== undefined && Number(exp) <= now;
      });
    await Promise.all(stale.map((key) => store.delete(key)));
  });
}
