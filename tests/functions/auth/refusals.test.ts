/**
 * What refused sign-ins may cost the site, against the real local Blobs server: anyone can cause
 * them without signing in, so they are counted per hour (functions/_lib/refusals.ts), alert the
 * admin at most once an hour per kind, made-up user names lock out like the real one, and the
 * admin's password is checked at most LOGIN_SITE_MAX_CHECKS times a window from addresses that
 * have not passed it recently, however many addresses an attacker holds.
 */
import { getStore } from '@netlify/blobs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import loginFn from '../../../functions/login.ts';
import { AUDIT_STORE } from '../../../functions/_lib/audit.ts';
import { ADMIN, call, useBlobs } from '../helpers.ts';

useBlobs();

const MINUTE = 60_000;
/** Seven minutes past an hour: a quarter-hour boundary falls within the next 15 minutes. */
const T0 = Date.parse('2026-03-02T10:07:00Z');

beforeEach(() => {
  // Checks without scrypt (ADMIN_PASSWORD is allowed outside deploys): these tests are about counts.
  vi.stubEnv('ADMIN_PASSWORD_HASH', '');
  vi.stubEnv('ADMIN_PASSWORD', ADMIN.password);
  vi.stubEnv('SMTP_HOST', '127.0.0.1');
  vi.stubEnv('SMTP_PORT', '9'); // Nothing listens: the alerts wait in the outbox.
  vi.stubEnv('ADMIN_EMAIL', 'security@haritha.example');
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(T0);
});

afterEach(() => {
  vi.useRealTimers();
});

const login = (username: string, password: string, ip: string) =>
  call(loginFn, { path: '/api/login', json: { username, password }, ip });

const statusesOf = async (responses: Promise<Response>[]) =>
  (await Promise.all(responses)).map((res) => res.status);

const count = (statuses: readonly number[], status: number) =>
  statuses.filter((s) => s === status).length;

interface Mail {
  mail: { subject: string; text: string; to: string };
}

/** Every alert e-mail queued, whatever the outbox's key layout: read from the entries. */
async function alerts(subject: RegExp): Promise<Mail[]> {
  const outbox = getStore({ name: 'outbox', consistency: 'strong' });
  const entries = await Promise.all(
    (await outbox.list()).blobs.map(({ key }) => outbox.get(key, { type: 'json' })),
  );
  return (entries as (Mail & { kind?: string })[]).filter(
    (entry) => entry?.kind === 'alert' && subject.test(entry.mail.subject),
  );
}

interface StoredRecord {
  event: string;
  count?: number;
  target?: string;
  ip?: string;
}

async function auditLog(): Promise<StoredRecord[]> {
  const store = getStore({ name: AUDIT_STORE, consistency: 'strong' });
  const { blobs } = await store.list();
  const values = (await Promise.all(
    blobs.map(({ key }) => store.get(key, { type: 'json' })),
  )) as StoredRecord[];
  // Records only: the hourly alert's turn is kept in this store too.
  return values.filter((value) => typeof value.event === 'string');
}

const LOCKOUT = /locked after failed attempts/;

describe('lockout alerts', () => {
  it('a lockout hammered for 15 minutes sends one alert, not one per attempt', async () => {
    const ip = '198.51.100.40';
    const statuses: number[] = [];
    // 10:07 to 10:21: across a quarter hour, and each minute within the lockout time.
    for (let minute = 0; minute < 15; minute++) {
      vi.setSystemTime(T0 + minute * MINUTE);
      for (let attempt = 0; attempt < 2; attempt++) {
        statuses.push((await login(ADMIN.username, `guess-${minute}-${attempt}`, ip)).status);
      }
    }
    expect(count(statuses, 401)).toBe(5);
    expect(count(statuses, 429)).toBe(statuses.length - 5);
    const sent = await alerts(LOCKOUT);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.mail.to).toBe('security@haritha.example');
    // Written at the first lockout: the five failures and that refusal, from one address.
    expect(sent[0]!.mail.text).toContain('6 refused sign-ins from 1 address since 09:00 UTC');
  }, 90_000);

  it('20 addresses locked out within an hour send one alert, which counts them', async () => {
    vi.stubEnv('LOGIN_MAX_FAILURES', '2'); // Fewer requests: the count is what matters.
    for (let i = 0; i < 20; i++) {
      vi.setSystemTime(T0 + i * MINUTE);
      const ip = `198.51.100.${60 + i}`;
      const statuses = await statusesOf(
        Array.from({ length: 3 }, (_, n) => login(ADMIN.username, `guess-${n}`, ip)),
      );
      expect(count(statuses, 429)).toBe(1);
    }
    expect(await alerts(LOCKOUT)).toHaveLength(1);
    // The next hour, a new lockout is a new e-mail, counting the previous hour's refusals too.
    vi.setSystemTime(T0 + 60 * MINUTE);
    for (let n = 0; n < 3; n++) await login(ADMIN.username, `guess-${n}`, '198.51.100.99');
    const sent = await alerts(LOCKOUT);
    expect(sent).toHaveLength(2);
    expect(sent.map(({ mail }) => mail.text).join('\n')).toContain(
      '63 refused sign-ins from 21 addresses since 10:00 UTC',
    );
  }, 90_000);
});

describe('the audit log of refused sign-ins', () => {
  it('100 refused requests from 100 addresses at once write 28 records, counted exactly', async () => {
    vi.stubEnv('LOGIN_SITE_MAX_CHECKS', '1000'); // Every one checked: this is about the log.
    const statuses = await statusesOf(
      Array.from({ length: 100 }, (_, i) => login(ADMIN.username, 'guess', `203.0.113.${i + 1}`)),
    );
    expect(count(statuses, 401)).toBe(100);
    const log = await auditLog();
    const counters = log.filter(({ event }) => event === 'sign-in.refused');
    const alone = log.filter(({ event }) => event === 'sign-in.failed');
    // AUDIT_REFUSALS_PER_HOUR (20) on their own, and at most 8 counters (one a shard).
    expect(alone).toHaveLength(20);
    expect(new Set(alone.map(({ ip }) => ip)).size).toBe(20);
    expect(counters.length).toBeLessThanOrEqual(8);
    expect(log.length).toBeLessThanOrEqual(28);
    // Not one refusal lost or counted twice, though they all came at once.
    expect(counters.reduce((sum, { count = 0 }) => sum + count, 0)).toBe(100);
    expect(counters.reduce((sum, { target = '' }) => sum + parseInt(target, 10), 0)).toBe(100);
  }, 90_000);

  it('records one address hammering once on its own, then only in the counter', async () => {
    const ip = '198.51.100.41';
    for (let i = 0; i < 12; i++) await login(ADMIN.username, `guess-${i}`, ip);
    const log = await auditLog();
    expect(
      log.filter(({ event }) => event !== 'sign-in.refused').map(({ event }) => event),
    ).toEqual(['sign-in.failed']);
    const counters = log.filter(({ event }) => event === 'sign-in.refused');
    expect(counters.reduce((sum, { count = 0 }) => sum + count, 0)).toBe(12);
    expect(counters.map(({ target }) => target)).toContain('1 address');
  });
});

describe('user names that are not the admin’s', () => {
  it('lock out after LOGIN_MAX_FAILURES from one address, however many names are made up', async () => {
    const ip = '198.51.100.42';
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) statuses.push((await login(`nobody-${i}`, 'guess', ip)).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);
    // The admin's own name keeps its own count at that address, and other addresses are free.
    expect((await login(ADMIN.username, ADMIN.password, ip)).status).toBe(200);
    expect((await login('nobody-9', 'guess', '198.51.100.43')).status).toBe(401);
    // No made-up name is stored anywhere, even hashed: one counter for all of them.
    const attempts = getStore({ name: 'login-attempts', consistency: 'strong' });
    const slots = (await attempts.list()).blobs.filter(({ key }) => /^\d+\//.test(key));
    const pairs = new Set(slots.map(({ key }) => key.split('/')[1]));
    expect(pairs.size).toBe(3); // The admin's name at .42, any other name at .42 and at .43.
  });
});

describe('the site-wide cap on password checks', () => {
  beforeEach(() => {
    vi.stubEnv('LOGIN_SITE_MAX_CHECKS', '10');
  });

  it('checks at most LOGIN_SITE_MAX_CHECKS guesses from 30 addresses at once, then alerts once', async () => {
    const statuses = await statusesOf(
      Array.from({ length: 30 }, (_, i) => login(ADMIN.username, 'guess', `203.0.113.${i + 1}`)),
    );
    expect(count(statuses, 401)).toBe(10);
    expect(count(statuses, 429)).toBe(20);
    const paused = await alerts(/password checks paused/);
    expect(paused).toHaveLength(1);
    expect(paused[0]!.mail.text).toMatch(/\d+ refused sign-ins from \d+ addresses since 09:00 UTC/);
  });

  it('lets an address that passed the password recently through, and opens again next window', async () => {
    const admin = '198.51.100.50';
    expect((await login(ADMIN.username, ADMIN.password, admin)).status).toBe(200);
    for (let i = 0; i < 10; i++) await login(ADMIN.username, 'guess', `203.0.113.${i + 1}`);
    const refused = await login(ADMIN.username, ADMIN.password, '203.0.113.77');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(15 * 60);
    // Unknown names are never checked against the admin's password: not paused.
    expect((await login('nobody', 'guess', '203.0.113.78')).status).toBe(401);
    expect((await login(ADMIN.username, ADMIN.password, admin)).status).toBe(200);
    vi.setSystemTime(T0 + 15 * MINUTE);
    expect((await login(ADMIN.username, ADMIN.password, '203.0.113.77')).status).toBe(200);
  });
});
