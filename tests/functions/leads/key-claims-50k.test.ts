/**
 * The daily sweep of idempotency keys in a store of 50,000 claims, under the scheduled run's
 * storage deadline: the expired day's claims go, the others stay, and no call lists the whole
 * store: each day's marks are one prefix listing, from the day after the last one swept.
 */
import { getStore } from '@netlify/blobs';
import { describe, expect, it } from 'vitest';
import { PURGE_DEADLINE_MS } from '../../../functions/retention.ts';
import { newId } from '../../../functions/_lib/ids.ts';
import { withRequestScope } from '../../../functions/_lib/repositories/store.ts';
import { CLAIM_DAYS, sweepClaims } from '../../../functions/_lib/repositories/submission-keys.ts';
import { useBlobs } from '../helpers.ts';
import { seedStore, type SeedRecord } from '../seed-store.ts';

const blobs = useBlobs();
const DAY = 86_400_000;
const CLAIMS = 50_000;
const EXPIRED = 1_000;

const hash = (n: number) => n.toString(16).padStart(64, '0');
const dayOf = (time: number) => new Date(time).toISOString().slice(0, 10);

describe(`the sweep of ${CLAIMS.toLocaleString('en')} key claims`, () => {
  it('deletes the expired day’s claims in one run, never listing the store whole', async () => {
    const now = Date.now();
    function* claims(): Generator<SeedRecord> {
      for (let n = 0; n < CLAIMS; n++) {
        // The first EXPIRED were claimed CLAIM_DAYS + 2 days ago, the others within the week.
        const at = n < EXPIRED ? now - (CLAIM_DAYS + 2) * DAY : now - (n % CLAIM_DAYS) * DAY + 1;
        yield { key: hash(n), value: { id: newId() } };
        yield { key: `day-${dayOf(at)}-${hash(n)}`, value: '' };
      }
    }
    await seedStore(blobs, 'enquiries-keys', claims());
    // Swept daily until the day before the expired one; the pass over unmarked claims done.
    const yesterday = dayOf(now - (CLAIM_DAYS + 3) * DAY);
    await seedStore(blobs, 'enquiries-keys', [
      { key: '_sweep', value: { through: yesterday, legacy: 'done' } },
    ]);
    blobs.resetOps();
    const swept = await withRequestScope(
      undefined,
      () => sweepClaims('enquiries', now),
      PURGE_DEADLINE_MS,
    );
    expect(swept).toBe(EXPIRED);
    expect(blobs.ops.filter((op) => op.type === 'list' && !op.url.includes('prefix='))).toEqual([]);
    const keys = getStore({ name: 'enquiries-keys', consistency: 'strong' });
    expect(await keys.get(hash(0))).toBeNull();
    expect(await keys.get(hash(EXPIRED), { type: 'json' })).not.toBeNull();
  }, 120_000);
});
