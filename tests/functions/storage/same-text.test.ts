/**
 * The same-text counter (functions/_lib/repositories/same-text.ts) against the local Blobs
 * server: other addresses are counted once each over this hour and the last, simultaneous
 * senders never lose each other, the listing stops at the count asked for, nothing is stored in
 * clear, and the sweep deletes old hours a bounded number at a time.
 */
import { getStore } from '@netlify/blobs';
import { describe, expect, it } from 'vitest';
import {
  HOUR_MS,
  SAME_TEXT_STORE,
  SWEEP_LIMITS,
  recordSameText,
  sendingsPrefix,
  sweepSameText,
} from '../../../functions/_lib/repositories/same-text.ts';
import { withRequestScope } from '../../../functions/_lib/repositories/store.ts';
import { useBlobs } from '../helpers.ts';
import { seedStore, type SeedRecord } from '../seed-store.ts';

const blobs = useBlobs();

const NOW = Date.UTC(2026, 10, 28, 10, 30);
const HOUR = Math.floor(NOW / HOUR_MS);
const TEXT = 'we offer high da guest posts on 500 sites dofollow and permanent';

const record = (address: string, { text = TEXT, at = NOW, max = 100 } = {}) =>
  withRequestScope(undefined, () => recordSameText(text, address, at, max));
const keys = async () =>
  (await getStore({ name: SAME_TEXT_STORE, consistency: 'strong' }).list()).blobs.map(
    ({ key }) => key,
  );

describe('counting the other senders of a text', () => {
  it('counts each other address once, never the sender itself, and no other text', async () => {
    expect(await record('a@example.com')).toBe(0);
    expect(await record('a@example.com')).toBe(0);
    expect(await record('b@example.com')).toBe(1);
    expect(await record('b@example.com')).toBe(1);
    expect(await record('c@example.com', { text: 'another text altogether' })).toBe(0);
    expect(await record('c@example.com')).toBe(2);
    expect(await record('a@example.com')).toBe(2);
  });

  it('counts the last hour’s senders too, and not those of the hour before', async () => {
    await record('two-hours-ago@example.com', { at: NOW - 2 * HOUR_MS });
    await record('last-hour@example.com', { at: NOW - HOUR_MS });
    expect(await record('now@example.com')).toBe(1);
  });

  it('keeps neither the text nor the address: keys are hashes, values empty', async () => {
    await record('asha@example.org');
    const [key] = await keys();
    expect(key).toMatch(/^\d{7}\/[0-9a-f]{64}\/[0-9a-f]{64}$/);
    expect(key).not.toContain('asha');
    const store = getStore({ name: SAME_TEXT_STORE, consistency: 'strong' });
    expect(await store.get(key!, { type: 'text' })).toBe('');
  });

  it('stops listing at the count it needs, and reads no blob', async () => {
    const prefix = sendingsPrefix(HOUR, TEXT);
    await seedStore(
      blobs,
      SAME_TEXT_STORE,
      Array.from({ length: 3_000 }, (_, n) => ({
        key: `${prefix}${n.toString(16).padStart(64, '0')}`,
        value: '',
      })),
    );
    blobs.resetOps();
    expect(await record('new@example.com', { max: 3 })).toBe(3);
    const types = blobs.ops.map(({ type }) => type);
    expect(types.filter((type) => type === 'get')).toEqual([]);
    // One write, and one page of one hour's listing (the last hour is not needed).
    expect(types.filter((type) => type === 'list')).toHaveLength(1);
  });
});

describe('simultaneous senders', () => {
  it('40 addresses at once: none lost, and the last to list sees all 39 others', async () => {
    const counts = await Promise.all(
      Array.from({ length: 40 }, (_, n) => record(`sender${n}@example.com`)),
    );
    expect(Math.max(...counts)).toBe(39);
    expect(await keys()).toHaveLength(40);
    expect(await record('late@example.com')).toBe(40);
  });

  it('one address 20 times at once is one sending', async () => {
    const counts = await Promise.all(Array.from({ length: 20 }, () => record('same@example.com')));
    expect(counts).toEqual(Array(20).fill(0));
    expect(await keys()).toHaveLength(1);
  });
});

describe('the sweep', () => {
  function* sendings(hour: number, count: number): Generator<SeedRecord> {
    for (let n = 0; n < count; n++) {
      const key = `${sendingsPrefix(hour, `text ${n % 7}`)}${n.toString(16).padStart(64, '0')}`;
      yield { key, value: '' };
    }
  }

  it('deletes hours before the last, at most its bound a run, and keeps this hour and the last', async () => {
    await seedStore(blobs, SAME_TEXT_STORE, sendings(HOUR - 5, 700));
    await seedStore(blobs, SAME_TEXT_STORE, sendings(HOUR - 2, 600));
    await seedStore(blobs, SAME_TEXT_STORE, sendings(HOUR - 1, 50));
    await seedStore(blobs, SAME_TEXT_STORE, sendings(HOUR, 50));
    const sweep = () => withRequestScope(undefined, () => sweepSameText(NOW));
    blobs.resetOps();
    expect(await sweep()).toBe(SWEEP_LIMITS.limit);
    expect(blobs.ops.filter(({ type }) => type === 'delete')).toHaveLength(SWEEP_LIMITS.limit);
    expect(blobs.ops.filter(({ type }) => type === 'list').length).toBeLessThanOrEqual(
      SWEEP_LIMITS.buckets,
    );
    expect(await sweep()).toBe(300);
    expect(await sweep()).toBe(0);
    const left = (await keys()).filter((key) => /^\d{7}\//.test(key));
    expect(left).toHaveLength(100);
    expect(new Set(left.map((key) => Number(key.slice(0, 7))))).toEqual(new Set([HOUR - 1, HOUR]));
  });
});
