/**
 * The warning before the attempt that locks sign-in, against the real local Blobs server: a
 * refused password (or second factor) that leaves one failure before the lock carries
 * `X-Attempts-Left: 1` and `X-Lockout-Minutes` (functions/_lib/lock-warning.ts). The password
 * step counts the address's failures under every name together, so the warning is no oracle:
 * the admin's name and a made-up one get the same answers, byte for byte, until a counter locks.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import loginFn from '../../../functions/login.ts';
import { codeAt } from '../../../functions/_lib/factors/totp.ts';
import { ADMIN, call, useBlobs } from '../helpers.ts';
import { factorStep, queueAlerts, seedTotp, ticketFor } from './factors-kit.ts';

useBlobs();

const MINUTE = 60_000;
/** A quarter-hour boundary, so the tests' attempts fall in one lockout window. */
const T0 = Date.parse('2026-03-02T09:00:00Z');
const WARNING = { 'x-attempts-left': '1', 'x-lockout-minutes': '15' };

beforeEach(() => {
  // Checks without scrypt (ADMIN_PASSWORD is allowed outside deploys): these tests are about counts.
  vi.stubEnv('ADMIN_PASSWORD_HASH', '');
  vi.stubEnv('ADMIN_PASSWORD', ADMIN.password);
  // Many addresses try the admin's name here: the site-wide cap is another test's subject.
  vi.stubEnv('LOGIN_SITE_MAX_CHECKS', '10000');
  queueAlerts();
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(T0);
});

afterEach(() => {
  vi.useRealTimers();
});

/** Everything an answer shows the client: status, every header, the body's bytes. */
interface Answer {
  status: number;
  headers: [string, string][];
  body: string;
}

async function answerOf(res: Response): Promise<Answer> {
  return { status: res.status, headers: [...res.headers.entries()], body: await res.text() };
}

let madeUp = 0;
/** A made-up name, a new one each time: every name that is not the admin's counts together. */
const madeUpName = () => `nobody-${++madeUp}`;

const wrongPassword = (username: string, ip: string) =>
  call(loginFn, { path: '/api/login', json: { username, password: 'wrong password' }, ip });

/** The warning's headers an answer carries (none: {}). */
const warningOf = (answer: Answer) =>
  Object.fromEntries(
    answer.headers.filter(([name]) => /^x-(attempts-left|lockout-minutes)$/.test(name)),
  );

/** Wrong passwords from `ip`, one after another: 'A' the admin's name, 'U' a made-up one. */
async function attempts(names: string, ip: string): Promise<Answer[]> {
  const answers: Answer[] = [];
  for (const name of names) {
    answers.push(
      await answerOf(await wrongPassword(name === 'A' ? ADMIN.username : madeUpName(), ip)),
    );
  }
  return answers;
}

describe('the password step', () => {
  it('warns after the fourth of five failures, then locks, for the admin name and a made-up one alike', async () => {
    const admin = await attempts('AAAAAA', '198.51.100.1');
    const made = await attempts('UUUUUU', '198.51.100.2');

    expect(admin.map((a) => a.status)).toEqual([401, 401, 401, 401, 401, 429]);
    expect(admin.map(warningOf)).toEqual([{}, {}, {}, WARNING, {}, {}]);
    expect(JSON.parse(admin[3]!.body)).toEqual({ error: 'Invalid credentials' });
    // One name all along: both counters lock together, so every answer is the same.
    expect(made).toEqual(admin);
  });

  it('answers an attempt under the admin name and one under a made-up name alike after any earlier attempts', async () => {
    // Every sequence of up to four earlier failures under either name (neither counter locks
    // within five): the fifth attempt's answer must not tell which name it was.
    const prefixes = [''];
    for (let length = 1; length <= 4; length++) {
      for (const prefix of prefixes.filter((p) => p.length === length - 1)) {
        prefixes.push(`${prefix}A`, `${prefix}U`);
      }
    }
    let address = 0;
    for (const prefix of prefixes) {
      const admin = await attempts(`${prefix}A`, `203.0.113.${++address}`);
      const made = await attempts(`${prefix}U`, `203.0.113.${++address}`);
      expect(made, `after ${prefix || 'nothing'}`).toEqual(admin);
      // The warning comes at four failures in all, whichever names they were under.
      expect(warningOf(admin.at(-1)!), `after ${prefix}`).toEqual(
        prefix.length === 3 ? WARNING : {},
      );
    }
  }, 180_000);

  it('counts only the failures within the lockout time, and names its length', async () => {
    vi.stubEnv('LOGIN_LOCKOUT_MINUTES', '30');
    const ip = '198.51.100.3';
    expect((await attempts('UUU', ip)).map(warningOf)).toEqual([{}, {}, {}]);
    // Thirty minutes and a second on, the three no longer count.
    vi.setSystemTime(T0 + 30 * MINUTE + 1_000);
    expect((await attempts('AUU', ip)).map(warningOf)).toEqual([{}, {}, {}]);
    const [fourth] = await attempts('U', ip);
    expect(warningOf(fourth!)).toEqual({ 'x-attempts-left': '1', 'x-lockout-minutes': '30' });
  });

  it('follows LOGIN_MAX_FAILURES; the right password is answered without it', async () => {
    vi.stubEnv('LOGIN_MAX_FAILURES', '3');
    const ip = '198.51.100.4';
    expect((await attempts('AA', ip)).map(warningOf)).toEqual([{}, WARNING]);
    const right = await call(loginFn, {
      path: '/api/login',
      json: { username: ADMIN.username, password: ADMIN.password },
      ip,
    });
    expect(right.status).toBe(200);
    expect(right.headers.get('x-attempts-left')).toBeNull();
  });
});

describe('the second step', () => {
  const wrongCode = (secret: string) =>
    codeAt(secret, Date.now()) === '000000' ? '111111' : '000000';

  it('warns when a wrong code leaves the address one failure before the lock', async () => {
    const secret = await seedTotp();
    const ip = '198.51.100.5';
    const statuses: number[] = [];
    const warnings: Record<string, string>[] = [];
    // A ticket holds three tries: the fourth code comes on a second ticket.
    for (const tries of [3, 3]) {
      const ticket = await ticketFor('sign-in');
      for (let i = 0; i < tries && statuses.length < 6; i++) {
        const res = await factorStep('totp', { ticket, code: wrongCode(secret) }, { ip });
        statuses.push(res.status);
        warnings.push(warningOf(await answerOf(res)));
      }
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    expect(warnings).toEqual([{}, {}, {}, WARNING, {}, {}]);
  });

  it("warns when a wrong code leaves the account's second step one failure before its lock", async () => {
    const secret = await seedTotp();
    const warnings: Record<string, string>[] = [];
    // LOGIN_FACTOR_MAX_FAILURES (10) from ten addresses, one failure each.
    for (let address = 1; address <= 9; address++) {
      const ticket = await ticketFor('sign-in');
      const res = await factorStep(
        'totp',
        { ticket, code: wrongCode(secret) },
        { ip: `192.0.2.${address}` },
      );
      expect(res.status).toBe(401);
      warnings.push(warningOf(await answerOf(res)));
    }
    expect(warnings).toEqual([...Array.from({ length: 8 }, () => ({})), WARNING]);
  });
});
