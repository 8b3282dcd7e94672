/**
 * Idempotency keys of public submissions: store `<timeline>-keys`, one small blob per key (a
 * SHA-256 of it, never the key itself) naming the record id it was first used for and a
 * fingerprint of what was sent. The first request to claim a key wins (`onlyIfNew`); every
 * retry with the same key is given the same id, so however often a visitor retries after a
 * timeout or a 503, one record is stored. A key sent again with different content is refused.
 *
 * Claims are kept: they are tiny, hold no personal data and are never listed.
 */
import { createHash } from 'node:crypto';
import { withStore } from './store.ts';

export interface Claim {
  id: string;
  fingerprint: string;
}

export type ClaimResult = { kind: 'claimed' | 'retry'; id: string } | { kind: 'conflict' };

/** A stable digest of a validated submission (schema outputs list their keys in one order). */
export function fingerprintOf(data: object): string {
  return createHash('sha256').update(JSON.stringify(data)).digest('base64url');
}

/** Claims `key` for `id`, or finds the id an earlier request with this key claimed. */
export function claimKey(timeline: string, key: string, claim: Claim): Promise<ClaimResult> {
  const blobKey = createHash('sha256').update(key).digest('hex');
  return withStore(`${timeline}-keys`, async (store) => {
    const { modified } = await store.setJSON(blobKey, claim, { onlyIfNew: true });
    if (modified) return { kind: 'claimed', id: claim.id };
    const earlier = (await store.get(blobKey, { type: 'json' })) as Partial<Claim> | null;
    if (typeof earlier?.id !== 'string') throw new Error(`damaged key claim in ${timeline}-keys`);
    return earlier.fingerprint === claim.fingerprint
      ? { kind: 'retry', id: earlier.id }
      : { kind: 'conflict' };
  });
}
