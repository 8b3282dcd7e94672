/**
 * The login lockout's records (functions/_lib/throttle.ts, repositories/login-attempts.ts) where
 * timing decides: two requests that read an empty slot at once (made certain by holding their
 * writes back), a slot taken as its window ends, records that cannot be read as slots, and the
 * sweep of ended windows (newest first, at most `limit`, whatever form the service gives
 * directory names in).
 */
import { getStore } from '@netlify/blobs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import loginFn from '../../../functions/login.ts';
import { SWEEP_CURSOR } from '../../../functions/_lib/repositories/time-sweep.ts';
import { loginAttempts } from '../../../functions/_lib/repositories/login-attempts.ts';
import { reserveAttempt, throttleKey } from '../../../functions/_lib/throttle.ts';
import { useFaultyBlobs } from '../faulty-blobs.ts';
import { ADMIN, call, useBlobs } from '../helpers.ts';

const blobs = useBlobs();
const faulty = useFaultyBlobs(blobs);

beforeEach(() => {
  // Checks without scrypt: these tests are about records, not the password.
  vi.stubEnv('ADMIN_PASSWORD_HASH', '');
  vi.stubEnv('ADMIN_PASSWORD', ADMIN.password);
});
afterEach(() => {
  vi.useRealTimers();
});

const MINUTE = 60_000;
const T0 = Date.parse('2026-03-02T09:00:00Z');
const IP = '198.51.100.40';
const pair = throttleKey(IP, ADMIN.username);
const store = () => getStore({ name: 'login-attempts', consistency: 'strong' });
const record = (key: string) => store().get(key, { type: 'json' });

const login = (password: string) =>
  call(loginFn, { path: '/api/login', json: { username: ADMIN.username, password }, ip: IP });

describe('two attempts that find the same slot free', () => {
  it('never both take it: with one attempt allowed, one is checked and one refused', async () => {
    vi.stubEnv('LOGIN_MAX_FAILURES', '1');
    // Hold every slot write back, so both requests have read the empty window before either lands.
    faulty.inject({
      method: 'PUT',
      path: /\/site:login-attempts\//,
      fault: { kind: 'delay', ms: 800 },
    });
    const statuses = (await Promise.all([login('wrong-1'), login('wrong-2')])).map(
      (res) => res.status,
    );
    expect(statuses.sort()).toEqual([401, 429]);
  });
});

describe('a slot taken as its window ends', () => {
  const config = { maxFailures: 3, windowMs: MINUTE };

  it('is given back and taken again in the new window', async () => {
    const times = [T0 + MINUTE - 1, T0 + MINUTE + 1, T0 + MINUTE + 2, T0 + MINUTE + 3];
    const clock = () => times.shift() ?? T0 + MINUTE + 10;
    const reservation = await reserveAttempt(IP, ADMIN.username, { config, clock });
    expect(reservation.granted).toBe(true);
    expect(await record(`${T0}/${pair}/0`)).toEqual({ at: T0 + MINUTE - 1, state: 'released' });
    expect(await record(`${T0 + MINUTE}/${pair}/0`)).toEqual({
      at: T0 + MINUTE + 2,
      state: 'pending',
    });
    if (reservation.granted) await reservation.attempt.failed();
    expect(await record(`${T0 + MINUTE}/${pair}/0`)).toEqual({
      at: T0 + MINUTE + 2,
      state: 'failed',
    });
  });

  it('is refused for a second only when the window ends under it twice', async () => {
    let now = T0 + MINUTE - 1;
    // Every reading of the clock is a window later than the one before.
    const clock = () => (now += MINUTE);
    const reservation = await reserveAttempt(IP, ADMIN.username, { config, clock });
    expect(reservation).toEqual({ granted: false, retryAfter: 1 });
    const { blobs: left } = await store().list();
    for (const { key } of left) {
      expect(await record(key), key).toMatchObject({ state: 'released' });
    }
    expect(left).toHaveLength(2);
  });
});

describe('records that cannot be read as slots', () => {
  it('count as attempts in progress: an unknown state holds its slot, a bad time is unknown', async () => {
    const window = T0;
    await store().setJSON(`${window}/${pair}/0`, { at: 'soon', state: 'gone' });
    await store().setJSON(`${window}/${pair}/1`, { at: T0 + 5, state: 'failed' });
    await store().setJSON(`${window}/${pair}/2`, 'not an object');
    const slots = await loginAttempts.slots(window, pair);
    expect(slots.map(({ index, at, state }) => ({ index, at, state }))).toEqual([
      { index: 0, at: null, state: 'pending' },
      { index: 1, at: T0 + 5, state: 'failed' },
      { index: 2, at: null, state: 'pending' },
    ]);
    expect(slots.every((slot) => typeof slot.etag === 'string' && slot.etag !== '')).toBe(true);
  });
});

describe('the sweep of ended windows', () => {
  async function seedWindows(count: number, perWindow = 1): Promise<number[]> {
    const windows = Array.from({ length: count }, (_, i) => T0 + i * MINUTE);
    for (const window of windows) {
      for (let slot = 0; slot < perWindow; slot++) {
        await store().setJSON(`${window}/${pair}/${slot}`, { at: window, state: 'failed' });
      }
    }
    return windows;
  }
  const keptWindows = async () =>
    [
      ...new Set(
        (await store().list()).blobs
          .map(({ key }) => key)
          .filter((key) => key !== SWEEP_CURSOR)
          .map((key) => Number(key.split('/')[0])),
      ),
    ].sort();

  it('deletes ended windows’ records, at most `limit`, and says how many', async () => {
    await seedWindows(4, 2);
    expect(await loginAttempts.sweep(T0 + 4 * MINUTE, 3)).toBe(3);
    const { blobs: left } = await store().list();
    expect(left.filter(({ key }) => key !== SWEEP_CURSOR)).toHaveLength(5);
    // The next sweep goes on where this one stopped.
    expect(await loginAttempts.sweep(T0 + 4 * MINUTE, 100)).toBe(5);
    expect(await keptWindows()).toEqual([]);
  });

  it('leaves windows that have not ended', async () => {
    const windows = await seedWindows(13);
    expect(await loginAttempts.sweep(T0 + 12 * MINUTE, 100)).toBe(12);
    expect(await keptWindows()).toEqual([windows[12]]);
  });

  it('lists buckets of time by prefix, never the store’s folders', async () => {
    await seedWindows(3);
    blobs.resetOps();
    expect(await loginAttempts.sweep(T0 + 2 * MINUTE, 100)).toBe(2);
    const listings = blobs.ops.filter(({ type }) => type === 'list');
    expect(listings.length).toBeGreaterThan(0);
    expect(listings.length).toBeLessThanOrEqual(10);
    for (const { url } of listings) {
      const params = new URL(url, 'http://x').searchParams;
      expect(params.get('directories')).not.toBe('true');
      expect(params.get('prefix')).toMatch(/^\d{6}$/);
    }
  });
});
