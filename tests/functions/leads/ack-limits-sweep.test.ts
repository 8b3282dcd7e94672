/**
 * The acknowledgement limits' places (functions/_lib/repositories/ack-limits.ts) are kept by hour:
 * the scheduled run (functions/outbox-schedule.ts) sweeps the hours that ended over an hour ago
 * by prefix, a bounded number of places a run, and never reads a place or the store whole; the
 * current and the previous hour's places survive, at 50,000 places.
 */
import { getStore } from '@netlify/blobs';
import { describe, expect, it, vi } from 'vitest';
import outboxSchedule from '../../../functions/outbox-schedule.ts';
import {
  ACK_LIMITS_STORE,
  HOUR_MS,
  SWEEP_MAX_DELETES,
  placePrefix,
  sweepPlaces,
  takePlace,
} from '../../../functions/_lib/repositories/ack-limits.ts';
import { withRequestScope } from '../../../functions/_lib/repositories/store.ts';
import { seedStore, type SeedRecord } from '../seed-store.ts';
import { useBlobs } from '../helpers.ts';

const blobs = useBlobs({ silenceErrors: true });

const places = () => getStore({ name: ACK_LIMITS_STORE, consistency: 'strong' });
const sweep = (now: number) => withRequestScope(undefined, () => sweepPlaces(now));

/**
 * `count` places in `hour`, as `takePlace` keys them (of 100 client addresses: fewer folders),
 * without the hour's salt (`withSalt` for it too).
 */
function* placesOf(hour: number, count: number): Generator<SeedRecord> {
  const salt = `salt of ${hour}`;
  for (let n = 0; n < count; n++) {
    const key = `${placePrefix(hour, salt, 'from', `198.51.100.${n % 100}`)}${Math.floor(n / 100)}`;
    yield { key, value: { at: hour * HOUR_MS + 1 } };
  }
}

const countUnder = async (prefix: string) => (await places().list({ prefix })).blobs.length;

describe('the sweep at 50,000 places', () => {
  it('deletes at most its bound a run, oldest hour first, reads no place, keeps the last two hours', async () => {
    const now = Date.UTC(2026, 10, 28, 10, 30);
    const hour = Math.floor(now / HOUR_MS);
    await seedStore(blobs, ACK_LIMITS_STORE, placesOf(hour, 24_000));
    await seedStore(blobs, ACK_LIMITS_STORE, placesOf(hour - 1, 24_000));
    await seedStore(blobs, ACK_LIMITS_STORE, placesOf(hour - 3, 1_200));
    await seedStore(blobs, ACK_LIMITS_STORE, placesOf(hour - 2, 800));
    blobs.resetOps();
    expect(await sweep(now)).toBe(SWEEP_MAX_DELETES);
    const ops = blobs.ops.map(({ type }) => type);
    expect(ops.filter((type) => type === 'delete')).toHaveLength(SWEEP_MAX_DELETES);
    expect(ops.filter((type) => type === 'get')).toEqual([]);
    expect(ops.filter((type) => type === 'list').length).toBeLessThanOrEqual(3);
    expect(await countUnder(`${hour - 3}/`)).toBe(200);
    // The next runs finish the old hours, and nothing else.
    expect(await sweep(now)).toBe(1_000);
    expect(await sweep(now)).toBe(0);
    expect(await countUnder(`${hour - 3}/`)).toBe(0);
    expect(await countUnder(`${hour - 2}/`)).toBe(0);
    expect(await countUnder(`${hour - 1}/`)).toBe(24_000);
    expect(await countUnder(`${hour}/`)).toBe(24_000);
  }, 120_000);

  it('stops before the run’s storage time is spent: deletes nothing with under a second left', async () => {
    const now = Date.UTC(2026, 10, 28, 10, 30);
    const hour = Math.floor(now / HOUR_MS);
    await seedStore(blobs, ACK_LIMITS_STORE, placesOf(hour - 5, 500));
    vi.stubEnv('STORAGE_TIMEOUT_MS', '900');
    expect(await sweep(now)).toBe(0);
    vi.stubEnv('STORAGE_TIMEOUT_MS', '30000');
    expect(await sweep(now)).toBe(500);
  });

  it('deletes places of an older key layout (outside an hour) too', async () => {
    const now = Date.UTC(2026, 10, 28, 10, 30);
    await seedStore(blobs, ACK_LIMITS_STORE, [
      { key: `to/${'a'.repeat(64)}/${Math.floor(now / HOUR_MS)}/0`, value: { at: now } },
      { key: 'loose', value: {} },
    ]);
    expect(await sweep(now)).toBe(2);
    expect((await places().list()).blobs).toEqual([]);
  });
});

describe('the scheduled run', () => {
  it('calls the sweep: older hours go with their salts, the current and the previous hour stay', async () => {
    const start = Math.floor(Date.now() / HOUR_MS);
    await withRequestScope(undefined, async () => {
      for (const at of [Date.now(), Date.now() - HOUR_MS, Date.now() - 3 * HOUR_MS]) {
        expect(await takePlace('to', 'asha@example.org', 1, at)).toBe(true);
      }
    });
    const keysUnder = async (hour: number) =>
      (await places().list({ prefix: `${hour}/` })).blobs.map(({ key }) => key);
    // Each hour: its place, and its salt.
    expect(await keysUnder(start - 3)).toHaveLength(2);
    expect(await keysUnder(start - 3)).toContain(`${start - 3}/salt`);
    expect((await outboxSchedule(new Request('http://localhost/'))).status).toBe(204);
    expect(await keysUnder(start - 3)).toEqual([]);
    // (An hour that turned during the test has moved the window; the rest is then not checked.)
    if (Math.floor(Date.now() / HOUR_MS) === start) {
      expect(await keysUnder(start - 1)).toHaveLength(2);
      expect(await keysUnder(start)).toHaveLength(2);
    }
  });
});

describe('a place of the previous hour', () => {
  it('counts for an hour from when it was taken, then frees its place', async () => {
    const hourStart = Date.UTC(2026, 10, 28, 10);
    const taken = hourStart - 10 * 60_000; // 09:50
    await withRequestScope(undefined, async () => {
      expect(await takePlace('to', 'asha@example.org', 1, taken)).toBe(true);
      expect(await takePlace('to', 'asha@example.org', 1, hourStart + 5 * 60_000)).toBe(false);
      expect(await takePlace('to', 'asha@example.org', 1, taken + HOUR_MS + 1)).toBe(true);
    });
  });
});
