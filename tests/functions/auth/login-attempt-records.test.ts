/**
 * The login-attempt store (functions/_lib/repositories/login-attempts.ts) on its own, against the
 * real local Blobs server: which keys count as slots, that writes are conditional both ways, and
 * what a sweep deletes, and at what cost.
 */
import { getStore } from '@netlify/blobs';
import { describe, expect, it } from 'vitest';
import { loginAttempts } from '../../../functions/_lib/repositories/login-attempts.ts';
import { SWEEP_CURSOR } from '../../../functions/_lib/repositories/time-sweep.ts';
import { useFaultyBlobs } from '../faulty-blobs.ts';
import { useBlobs } from '../helpers.ts';

const blobs = useBlobs();
const faulty = useFaultyBlobs(blobs);

const store = () => getStore({ name: 'login-attempts', consistency: 'strong' });
const WINDOW = 1_763_880_000_000;
const PAIR = 'a'.repeat(64);
const record = { at: WINDOW + 1_000, state: 'failed' as const };

async function keys(): Promise<string[]> {
  return (await store().list()).blobs
    .map((blob) => blob.key)
    .filter((key) => key !== SWEEP_CURSOR)
    .sort();
}

const count = (type: string) => blobs.ops.filter((op) => op.type === type).length;

describe('slots', () => {
  it('are the keys of one to six digits under the pair, nothing else', async () => {
    for (const rest of ['3', '12', '999999', '1234567', '7x', 'x7', '0012x']) {
      await store().setJSON(`${WINDOW}/${PAIR}/${rest}`, record);
    }
    const slots = await loginAttempts.slots(WINDOW, PAIR);
    expect(slots.map((slot) => slot.index).sort((a, b) => a - b)).toEqual([3, 12, 999999]);
    expect(slots[0]).toMatchObject({ window: WINDOW, pair: PAIR, ...record });
  });

  it('leave out a slot swept between the listing and its read', async () => {
    await store().setJSON(`${WINDOW}/${PAIR}/0`, record);
    await store().setJSON(`${WINDOW}/${PAIR}/1`, record);
    faulty.inject({
      method: 'GET',
      path: new RegExp(`/${WINDOW}/${PAIR}/1$`),
      fault: { kind: 'delay', ms: 400 },
    });
    const reading = loginAttempts.slots(WINDOW, PAIR);
    // Sweep slot 1 once its read is on the way (held up by the proxy).
    while (!faulty.seen.some((line) => line.split('?')[0]!.endsWith(`/${PAIR}/1`))) {
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    blobs.restore();
    await store().delete(`${WINDOW}/${PAIR}/1`);
    const slots = await reading;
    expect(slots.map((slot) => slot.index)).toEqual([0]);
  });
});

describe('write', () => {
  it('takes a free slot only once when no ETag is given', async () => {
    const ref = { window: WINDOW, pair: PAIR, index: 0 };
    const first = await loginAttempts.write(ref, { at: WINDOW, state: 'pending' }, undefined);
    expect(first.written).toBe(true);
    expect(first.etag).toMatch(/.+/);
    const second = await loginAttempts.write(ref, record, undefined);
    expect(second).toEqual({ written: false, etag: undefined });
    expect(await store().get(`${WINDOW}/${PAIR}/0`, { type: 'json' })).toEqual({
      at: WINDOW,
      state: 'pending',
    });
  });

  it('changes a slot over the ETag it answered, and not over an older one', async () => {
    const ref = { window: WINDOW, pair: PAIR, index: 1 };
    const taken = await loginAttempts.write(ref, { at: WINDOW, state: 'pending' }, undefined);
    const failed = await loginAttempts.write(ref, record, taken.etag);
    expect(failed.written).toBe(true);
    expect(failed.etag).not.toBe(taken.etag);
    const stale = await loginAttempts.write(ref, { at: WINDOW, state: 'released' }, taken.etag);
    expect(stale.written).toBe(false);
    expect(await store().get(`${WINDOW}/${PAIR}/1`, { type: 'json' })).toEqual(record);
  });
});

describe('sweep', () => {
  const seed = async (window: number | string, count: number) => {
    for (let i = 0; i < count; i++) await store().setJSON(`${window}/${PAIR}/${i}`, record);
  };

  it('deletes only whole ended windows, one delete per record, stopping at the limit', async () => {
    await seed(WINDOW - 2_000, 25);
    await seed(WINDOW - 1_000, 3);
    await seed(WINDOW, 2); // The current window.
    blobs.resetOps();
    expect(await loginAttempts.sweep(WINDOW, 100)).toBe(28);
    expect(count('delete')).toBe(28);
    expect(await keys()).toEqual([`${WINDOW}/${PAIR}/0`, `${WINDOW}/${PAIR}/1`]);
  });

  it('stops at the limit, and the next sweep goes on from there', async () => {
    await seed(WINDOW - 2_000, 4);
    await seed(WINDOW - 1_000, 3);
    blobs.resetOps();
    expect(await loginAttempts.sweep(WINDOW, 3)).toBe(3);
    expect(count('delete')).toBe(3);
    expect(await loginAttempts.sweep(WINDOW, 100)).toBe(4);
    expect(await keys()).toEqual([]);
  });

  it('leaves keys that are not a window’s records alone', async () => {
    const ended = String(WINDOW - 1_000);
    for (const folder of [`x${ended}`, `${ended}x`, `${ended}e3`, ended.slice(0, 12)]) {
      await store().setJSON(`${folder}/${PAIR}/0`, record);
    }
    await seed(WINDOW - 1_000, 1);
    expect(await loginAttempts.sweep(WINDOW, 100)).toBe(1);
    expect(await keys()).toEqual(
      [`x${ended}`, `${ended}x`, `${ended}e3`, ended.slice(0, 12)]
        .map((folder) => `${folder}/${PAIR}/0`)
        .sort(),
    );
  });
});
