/**
 * The login lockout under concurrency, against the real local Blobs server (atomic conditional
 * writes, as the service has): however many attempts of one client address and user name arrive
 * at once, at most LOGIN_MAX_FAILURES are checked against the password within the lockout time.
 */
import { getStore } from '@netlify/blobs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import loginFn from '../../../functions/login.ts';
import { SWEEP_CURSOR } from '../../../functions/_lib/repositories/time-sweep.ts';
import { UNKNOWN_NAME, throttleKey } from '../../../functions/_lib/throttle.ts';
import { ADMIN, call, useBlobs, type BlobOperation } from '../helpers.ts';

const harness = useBlobs();

afterEach(() => {
  vi.useRealTimers();
});

const MINUTE = 60_000;
/** A minute boundary, so windows of whole minutes start here. */
const T0 = Date.parse('2026-03-02T09:00:00Z');

function login(username: string, password: string, ip = '198.51.100.20') {
  return call(loginFn, { path: '/api/login', json: { username, password }, ip });
}

interface Burst {
  statuses: number[];
  retryAfters: (string | null)[];
}

/** Sends every attempt at once and waits for all the answers. */
async function burst(attempts: readonly [string, string, string?][]): Promise<Burst> {
  const responses = await Promise.all(attempts.map(([u, p, ip]) => login(u, p, ip)));
  return {
    statuses: responses.map((res) => res.status),
    retryAfters: responses.map((res) => res.headers.get('retry-after')),
  };
}

const wrong = (times: number, username = ADMIN.username, ip?: string) =>
  Array.from(
    { length: times },
    (_, i) => [username, `wrong-${i}`, ip] as [string, string, string?],
  );

const count = (statuses: readonly number[], status: number) =>
  statuses.filter((s) => s === status).length;

/**
 * Checks the password without scrypt (ADMIN_PASSWORD, allowed outside deploys), for tests about
 * records rather than checks: the admin hash costs ~128 MiB and most of a second per check.
 */
function useCheapPassword(): void {
  vi.stubEnv('ADMIN_PASSWORD_HASH', '');
  vi.stubEnv('ADMIN_PASSWORD', ADMIN.password);
}

function useClock(at: number): (ms: number) => void {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(at);
  return (ms) => vi.setSystemTime(ms);
}

/** The slots' keys (the sweep's cursor is no slot). */
async function recordKeys(): Promise<string[]> {
  const { blobs } = await getStore({ name: 'login-attempts', consistency: 'strong' }).list();
  return blobs.map((blob) => blob.key).filter((key) => key !== SWEEP_CURSOR);
}

/** Keys of single-blob reads and prefixes of listings in the `login-attempts` store. */
function storeTraffic(ops: readonly BlobOperation[]) {
  const mine = ops
    .map((op) => ({ type: op.type, url: new URL(op.url, 'http://x') }))
    .filter(({ url }) => url.pathname.split('/')[2] === 'site:login-attempts');
  return {
    reads: mine
      .filter(({ type }) => type === 'get')
      .map(({ url }) => url.pathname.split('/').slice(3).join('/')),
    listings: mine
      .filter(({ type }) => type === 'list')
      .map(
        ({ url }) =>
          url.searchParams.get('prefix') ?? `(directories=${url.searchParams.get('directories')})`,
      ),
  };
}

describe('lockout under concurrent attempts', () => {
  it('checks exactly LOGIN_MAX_FAILURES of 40 simultaneous wrong passwords; the rest and then the right one get 429', async () => {
    const started = performance.now();
    const { statuses, retryAfters } = await burst(wrong(40));
    console.info(`40 concurrent wrong passwords: ${Math.round(performance.now() - started)} ms`);

    expect(count(statuses, 401)).toBe(5);
    expect(count(statuses, 429)).toBe(35);
    for (const [i, status] of statuses.entries()) {
      if (status !== 429) continue;
      const seconds = Number(retryAfters[i]);
      expect(Number.isInteger(seconds)).toBe(true);
      expect(seconds).toBeGreaterThan(0);
      expect(seconds).toBeLessThanOrEqual(15 * 60);
    }

    const right = await login(ADMIN.username, ADMIN.password);
    expect(right.status).toBe(429);
    expect(Number(right.headers.get('retry-after'))).toBeGreaterThan(14 * 60);
  }, 60_000);

  it('checks at most 5 of 30 wrong passwords sent in one burst with the right one, wherever it sits', async () => {
    // One burst per position of the right password, each on a fresh site.
    for (const position of [0, 10, 20, 30]) {
      harness.freshSite();
      const attempts = wrong(30);
      attempts.splice(position, 0, [ADMIN.username, ADMIN.password]);
      const started = performance.now();
      const { statuses } = await burst(attempts);
      console.info(
        `30 wrong + right at ${position}: ${Math.round(performance.now() - started)} ms, ` +
          `right password ${statuses[position]}, ${count(statuses, 401)} × 401`,
      );

      // The right password is half a sign-in (the passkey is still to come): it frees its check,
      // so wrong ones may take it; but never more than 5 wrong ones are checked.
      expect(count(statuses, 401)).toBeLessThanOrEqual(5);
      expect(count(statuses, 200)).toBeLessThanOrEqual(1);
      expect(count(statuses, 429)).toBe(31 - count(statuses, 401) - count(statuses, 200));
      // The right password either held one of the 5 checks or came past the limit: 429.
      expect([200, 429]).toContain(statuses[position]);

      // Where the burst used the pair's 5 attempts up, even the right password now waits; where the
      // right one passed first and freed its check, the pair has one attempt left.
      const after = (await login(ADMIN.username, ADMIN.password)).status;
      expect(after).toBe(count(statuses, 401) >= 5 ? 429 : 200);
    }
  }, 120_000);

  it('leaves other user names and other addresses alone, even when their bursts run at the same time', async () => {
    useCheapPassword();
    const { statuses } = await burst([
      ...wrong(20, ADMIN.username, '198.51.100.20'),
      ...wrong(20, 'root', '198.51.100.20'),
      ...wrong(20, ADMIN.username, '198.51.100.21'),
    ]);
    for (let pair = 0; pair < 3; pair++) {
      const own = statuses.slice(pair * 20, pair * 20 + 20);
      expect(count(own, 401)).toBe(5);
      expect(count(own, 429)).toBe(15);
    }
    expect((await login(ADMIN.username, ADMIN.password, '198.51.100.22')).status).toBe(200);
    expect((await login('root', ADMIN.password, '198.51.100.22')).status).toBe(401);
  });

  it('refuses, never checks, a request that keeps losing slots to others (high limit, many at once)', async () => {
    useCheapPassword();
    vi.stubEnv('LOGIN_MAX_FAILURES', '20');
    const { statuses, retryAfters } = await burst(wrong(60));
    const checked = count(statuses, 401);
    console.info(`60 at once, limit 20: ${checked} checked, ${count(statuses, 429)} × 429`);
    expect(checked).toBeGreaterThan(0);
    expect(checked).toBeLessThanOrEqual(20);
    expect(count(statuses, 429)).toBe(60 - checked);
    for (const [i, status] of statuses.entries()) {
      if (status === 429) expect(Number(retryAfters[i])).toBeGreaterThanOrEqual(1);
    }
  });

  it('keeps counting across a window boundary: a burst in the next window gets only what is left', async () => {
    useCheapPassword();
    vi.stubEnv('LOGIN_LOCKOUT_MINUTES', '1');
    const setClock = useClock(T0 + 50_000);
    for (let i = 0; i < 3; i++) expect((await login(ADMIN.username, `typo-${i}`)).status).toBe(401);

    setClock(T0 + MINUTE + 5_000);
    const { statuses, retryAfters } = await burst(wrong(20));
    expect(count(statuses, 401)).toBe(2);
    expect(count(statuses, 429)).toBe(18);
    // The oldest failure (T0 + 50 s) leaves the lockout time at T0 + 110 s: 45 s from now.
    expect(retryAfters.filter((value) => value !== null)).toEqual(Array(18).fill('45'));
  });
});

describe('expiry', () => {
  it('never locks the admin out through correct logins that overlap (two tabs, again and again)', async () => {
    // Real scrypt checks, so each pair of logins is surely in flight together.
    for (let round = 0; round < 4; round++) {
      const { statuses } = await burst([
        [ADMIN.username, ADMIN.password],
        [ADMIN.username, ADMIN.password],
      ]);
      expect(statuses, `round ${round}`).toEqual([200, 200]);
    }
    for (let i = 0; i < 3; i++)
      expect((await login(ADMIN.username, ADMIN.password)).status).toBe(200);
  }, 120_000);

  it('lets the pair try again once its failures are older than the lockout time', async () => {
    useCheapPassword();
    vi.stubEnv('LOGIN_LOCKOUT_MINUTES', '1');
    const setClock = useClock(T0 + 20_000);
    const { statuses } = await burst(wrong(40));
    expect(count(statuses, 401)).toBe(5);

    setClock(T0 + 79_000);
    const waiting = await login(ADMIN.username, ADMIN.password);
    expect(waiting.status).toBe(429);
    expect(waiting.headers.get('retry-after')).toBe('1');

    setClock(T0 + 80_001);
    expect((await login(ADMIN.username, ADMIN.password)).status).toBe(200);
  });

  it('deletes the records of ended windows: 30 addresses leave no 30 blobs behind', async () => {
    useCheapPassword();
    vi.stubEnv('LOGIN_LOCKOUT_MINUTES', '1');
    const setClock = useClock(T0 + 10_000);
    const ips = Array.from({ length: 30 }, (_, i) => `198.51.100.${100 + i}`);
    const { statuses } = await burst(
      ips.map((ip) => [ADMIN.username, 'guess', ip] as [string, string, string]),
    );
    expect(count(statuses, 401)).toBe(30);
    expect(await recordKeys()).toHaveLength(30);

    // One window later the records are the previous window's: still read, not yet swept.
    setClock(T0 + MINUTE + 10_000);
    expect((await login(ADMIN.username, ADMIN.password, '198.51.100.30')).status).toBe(200);
    expect((await recordKeys()).filter((key) => key.startsWith(`${T0}/`))).toHaveLength(30);

    // Two windows later the first attempt of a pair sweeps them away.
    setClock(T0 + 2 * MINUTE + 10_000);
    expect((await login(ADMIN.username, ADMIN.password, '198.51.100.31')).status).toBe(200);
    const left = await recordKeys();
    expect(left.filter((key) => key.startsWith(`${T0}/`))).toEqual([]);
    expect(left.length).toBeLessThanOrEqual(2);
  });
});

describe('what a lookup reads', () => {
  it('reads only the address’s two counters (the admin’s name, every other name) in the current and previous window, however many others exist', async () => {
    useCheapPassword();
    vi.stubEnv('LOGIN_LOCKOUT_MINUTES', '1');
    const setClock = useClock(T0 + 30_000);
    await burst([
      ...wrong(3),
      ...Array.from({ length: 20 }, (_, i) => [`other-${i}`, 'x'] as [string, string]),
    ]);
    setClock(T0 + MINUTE + 10_000);
    await burst([
      ...wrong(1),
      ...Array.from({ length: 20 }, (_, i) => [`more-${i}`, 'x'] as [string, string]),
    ]);

    harness.resetOps();
    expect((await login(ADMIN.username, 'wrong again')).status).toBe(401);
    // The admin's pair, and the pair every other name of this address counts under (read for
    // the last-attempt warning, functions/_lib/lock-warning.ts): at most 5 records a window each.
    const pairs = [ADMIN.username, UNKNOWN_NAME].map((name) => throttleKey('198.51.100.20', name));
    const { reads, listings } = storeTraffic(harness.ops);
    expect(reads.length).toBeGreaterThan(0);
    expect(reads.length).toBeLessThanOrEqual(2 * 2 * 5);
    for (const key of reads) expect(key).toMatch(new RegExp(`^\\d+/(${pairs.join('|')})/\\d+$`));
    expect([...new Set(listings)].sort()).toEqual(
      pairs.flatMap((pair) => [`${T0}/${pair}/`, `${T0 + MINUTE}/${pair}/`]).sort(),
    );
  });
});
