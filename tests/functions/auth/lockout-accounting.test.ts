/**
 * What the login lockout (functions/_lib/throttle.ts) counts, asked directly with its own clock:
 * an attempt holds its slot until exactly the lockout time has passed, Retry-After never exceeds
 * the lockout time, a success forgives only the failures that had ended before it began and
 * frees its own slot only when nothing else is in flight, and a failed sweep never fails a login.
 */
import { getStore } from '@netlify/blobs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import loginFn from '../../../functions/login.ts';
import {
  reserveAttempt,
  throttleConfig,
  throttleKey,
  type LoginAttempt,
  type Reservation,
} from '../../../functions/_lib/throttle.ts';
import { useFaultyBlobs } from '../faulty-blobs.ts';
import { ADMIN, call, useBlobs } from '../helpers.ts';

const blobs = useBlobs({ silenceErrors: true });
const faulty = useFaultyBlobs(blobs);
afterEach(() => {
  vi.useRealTimers();
});

const MINUTE = 60_000;
const T0 = Date.parse('2026-03-02T09:00:00Z');
const IP = '198.51.100.50';
const USER = 'admin';
const pair = throttleKey(IP, USER);
const store = () => getStore({ name: 'login-attempts', consistency: 'strong' });

/** Reserves at a fixed time (the clock reads `at` throughout). */
function reserveAt(at: number, maxFailures = 2, windowMs = MINUTE): Promise<Reservation> {
  return reserveAttempt(IP, USER, { config: { maxFailures, windowMs }, clock: () => at });
}

async function granted(at: number, maxFailures = 2): Promise<LoginAttempt> {
  const reservation = await reserveAt(at, maxFailures);
  if (!reservation.granted) throw new Error(`refused at ${at - T0} ms`);
  return reservation.attempt;
}

async function states(): Promise<Record<string, string>> {
  const { blobs: listed } = await store().list();
  const out: Record<string, string> = {};
  for (const { key } of listed) {
    const value = (await store().get(key, { type: 'json' })) as { state: string };
    out[key.replace(`/${pair}/`, '/')] = value.state;
  }
  return out;
}

describe('the configuration', () => {
  it('is 5 attempts in 15 minutes unless LOGIN_MAX_FAILURES and LOGIN_LOCKOUT_MINUTES say', () => {
    vi.stubEnv('LOGIN_MAX_FAILURES', '');
    vi.stubEnv('LOGIN_LOCKOUT_MINUTES', '');
    expect(throttleConfig()).toEqual({ maxFailures: 5, windowMs: 15 * MINUTE });
    vi.stubEnv('LOGIN_MAX_FAILURES', '3');
    vi.stubEnv('LOGIN_LOCKOUT_MINUTES', '2');
    expect(throttleConfig()).toEqual({ maxFailures: 3, windowMs: 2 * MINUTE });
  });

  it('keys each address and user name pair apart, however the two run together', () => {
    expect(throttleKey('198.51.100.1', '0admin')).not.toBe(throttleKey('198.51.100.10', 'admin'));
    expect(throttleKey(IP, USER)).toMatch(/^[0-9a-f]{64}$/);
    expect(throttleKey(IP, USER)).toBe(pair);
  });
});

describe('an attempt', () => {
  it('counts until exactly the lockout time has passed, then frees its slot', async () => {
    await (await granted(T0 + 1_000, 1)).failed();
    expect(await reserveAt(T0 + 1_000 + MINUTE - 1, 1)).toEqual({ granted: false, retryAfter: 1 });
    expect((await reserveAt(T0 + 1_000 + MINUTE, 1)).granted).toBe(true);
  });

  it('tells a refused client to wait until the oldest attempt that counts leaves the lockout time', async () => {
    await (await granted(T0 + 5_000)).failed();
    await (await granted(T0 + 20_000)).failed();
    expect(await reserveAt(T0 + 30_000)).toEqual({ granted: false, retryAfter: 35 });
    // 34.5 s to go is 35 s, not 34.
    expect(await reserveAt(T0 + 30_500)).toEqual({ granted: false, retryAfter: 35 });
  });

  it('is never told to wait longer than the lockout time, even for a slot stamped in the future', async () => {
    // Another instance whose clock runs ten minutes ahead recorded a failure.
    await store().setJSON(`${T0}/${pair}/0`, { at: T0 + 10 * MINUTE, state: 'failed' });
    expect(await reserveAt(T0 + 1_000, 1)).toEqual({ granted: false, retryAfter: 60 });
  });

  it('that cannot be dated counts from now', async () => {
    await store().setJSON(`${T0}/${pair}/0`, { state: 'failed' });
    expect(await reserveAt(T0 + 30_000, 1)).toEqual({ granted: false, retryAfter: 60 });
  });
});

describe('taking a slot', () => {
  const slotPath = (index: number) => new RegExp(`/site:login-attempts/${T0}/${pair}/${index}$`);

  it('takes again a slot of this window that no longer counts (a slow clock stamped it)', async () => {
    // Stamped two lockout times before its window began: it counts no more, so it is taken.
    await store().setJSON(`${T0}/${pair}/0`, { at: T0 - 2 * MINUTE, state: 'failed' });
    const reservation = await reserveAt(T0 + 1_000, 1);
    expect(reservation.granted).toBe(true);
    expect(await store().get(`${T0}/${pair}/0`, { type: 'json' })).toEqual({
      at: T0 + 1_000,
      state: 'pending',
    });
  });

  it('waits, in Retry-After, only for the attempts that still count, not for released ones', async () => {
    await store().setJSON(`${T0}/${pair}/0`, { at: T0 + 1_000, state: 'released' });
    await store().setJSON(`${T0}/${pair}/1`, { at: T0 + 10_000, state: 'failed' });
    // Another request takes the released slot first.
    faulty.inject({ method: 'PUT', path: slotPath(0), fault: { kind: 'refuse', status: 412 } });
    // Slot 1 counts until T0 + 70 s: 40 s from T0 + 30 s (the released one would say 31 s).
    expect(await reserveAt(T0 + 30_000)).toEqual({ granted: false, retryAfter: 40 });
  });

  it('gives up after losing ten slots to other requests, however many the limit allows', async () => {
    faulty.inject({
      method: 'PUT',
      path: /\/site:login-attempts\//,
      fault: { kind: 'refuse', status: 412 },
    });
    expect(await reserveAt(T0 + 1_000, 20)).toEqual({ granted: false, retryAfter: 60 });
    expect(faulty.seen.filter((line) => line.startsWith('PUT '))).toHaveLength(10);
  });
});

describe('a success', () => {
  it('forgives the failures before it and frees its own slot: all slots released', async () => {
    await (await granted(T0 + 1_000)).failed();
    await (await granted(T0 + 2_000)).succeeded();
    expect(await states()).toEqual({ [`${T0}/0`]: 'released', [`${T0}/1`]: 'released' });
    // Both slots can be taken again.
    await (await granted(T0 + 3_000)).failed();
    await (await granted(T0 + 4_000)).failed();
    expect((await reserveAt(T0 + 5_000)).granted).toBe(false);
  });

  it('does not forgive a failure that began after it', async () => {
    const success = await granted(T0 + 1_000, 3);
    await (await granted(T0 + 2_000, 3)).failed();
    await success.succeeded();
    expect(await states()).toEqual({ [`${T0}/0`]: 'checked', [`${T0}/1`]: 'failed' });
  });

  it('keeps its slot, counted as checked, while another attempt is in flight', async () => {
    const inFlight = await granted(T0 + 1_000, 3);
    await (await granted(T0 + 2_000, 3)).succeeded();
    expect(await states()).toEqual({ [`${T0}/0`]: 'pending', [`${T0}/1`]: 'checked' });
    await inFlight.failed();
    expect(await states()).toEqual({ [`${T0}/0`]: 'failed', [`${T0}/1`]: 'checked' });
    // The next success that begins after both forgives them, and frees its own slot.
    await (await granted(T0 + 3_000, 3)).succeeded();
    expect(await states()).toEqual({
      [`${T0}/0`]: 'released',
      [`${T0}/1`]: 'released',
      [`${T0}/2`]: 'released',
    });
  });

  it('looks at the previous window too before freeing its slot', async () => {
    await granted(T0 + MINUTE - 1_000, 3); // Still pending, in the previous window.
    await (await granted(T0 + MINUTE + 1_000, 3)).succeeded();
    expect((await states())[`${T0 + MINUTE}/0`]).toBe('checked');
  });

  it('ignores the previous window once its attempts are older than the lockout time', async () => {
    await (await granted(T0 + 1_000, 3)).failed();
    await (await granted(T0 + MINUTE + 2_000, 3)).succeeded();
    expect((await states())[`${T0 + MINUTE}/0`]).toBe('released');
  });
});

describe('a login whose sweep of ended windows fails', () => {
  it('is answered all the same', async () => {
    vi.stubEnv('ADMIN_PASSWORD_HASH', '');
    vi.stubEnv('ADMIN_PASSWORD', ADMIN.password);
    faulty.inject({
      method: 'GET',
      path: /\/site:login-attempts\/sweep-cursor/,
      fault: { kind: 'refuse', status: 500 },
    });
    const res = await call(loginFn, {
      path: '/api/login',
      json: { username: ADMIN.username, password: ADMIN.password },
      ip: IP,
    });
    expect(res.status).toBe(200);
    expect(faulty.seen.some((line) => line.includes('/sweep-cursor'))).toBe(true);
  });
});
