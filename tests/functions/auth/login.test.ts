import { jwtVerify } from 'jose';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import enquiriesFn from '../../../functions/enquiries.ts';
import loginFn from '../../../functions/login.ts';
import { TOKEN_ISSUER, tokenAudience } from '../../../functions/_lib/auth.ts';
import { signIn, signedInToken } from './factors-kit.ts';
import { ADMIN, call, expectInvalidFields, methodNotAllowed, useBlobs } from '../helpers.ts';

useBlobs();

afterEach(() => {
  vi.useRealTimers();
});

function login(
  username: string,
  password: string,
  ip = '198.51.100.1',
  headers: Record<string, string> = {},
) {
  return call(loginFn, { path: '/api/login', json: { username, password }, ip, headers });
}

describe('POST /api/login', () => {
  it('answers the right password with the second step, never a token', async () => {
    const res = await login(ADMIN.username, ADMIN.password);
    expect(res.status).toBe(200);
    const body = (await res.json()) as Record<string, unknown>;
    expect(['enrol', 'passkey']).toContain(body['step']);
    expect(body).not.toHaveProperty('token');
  });

  it('signs in with password and passkey: an HS256 token (iss, aud, sub, exp within 1 h) that opens admin routes', async () => {
    const token = await signedInToken();
    const { payload, protectedHeader } = await jwtVerify(
      token,
      new TextEncoder().encode(ADMIN.secret),
      {
        issuer: TOKEN_ISSUER,
        audience: tokenAudience('local'),
      },
    );
    expect(protectedHeader.alg).toBe('HS256');
    expect(payload.sub).toBe(ADMIN.username);
    expect(payload.exp! - payload.iat!).toBeLessThanOrEqual(3600);

    const list = await call(enquiriesFn, { path: '/api/enquiries', token });
    expect(list.status).toBe(200);
  });

  it('answers 401 "Invalid credentials" for a wrong password or username', async () => {
    for (const [username, password] of [
      [ADMIN.username, 'wrong'],
      ['root', ADMIN.password],
      [ADMIN.username.toUpperCase(), ADMIN.password],
      [ADMIN.username, `${ADMIN.password} `],
    ] as const) {
      const res = await login(username, password, `192.0.2.${Math.floor(Math.random() * 250)}`);
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ error: 'Invalid credentials' });
    }
  });

  it('answers 400 with fields for a missing username or password', async () => {
    const res = await call(loginFn, { path: '/api/login', json: { username: '  ', password: '' } });
    await expectInvalidFields(res, {
      username: 'This field is required.',
      password: 'This field is required.',
    });
  });

  it('answers 405 with Allow: POST for other methods', async () => {
    expect(await methodNotAllowed(loginFn, { method: 'GET', path: '/api/login' })).toBe('POST');
  });
});

describe('configuration', () => {
  it('accepts ADMIN_PASSWORD locally when there is no hash', async () => {
    vi.stubEnv('ADMIN_PASSWORD_HASH', '');
    vi.stubEnv('ADMIN_PASSWORD', 'local-only');
    expect((await login(ADMIN.username, 'local-only')).status).toBe(200);
    expect((await login(ADMIN.username, 'other')).status).toBe(401);
  });

  it.each([
    ['CONTEXT', 'production'],
    ['CONTEXT', 'deploy-preview'],
    ['NODE_ENV', 'production'],
  ])('refuses ADMIN_PASSWORD with 503 when %s=%s', async (name, value) => {
    vi.stubEnv('ADMIN_PASSWORD_HASH', '');
    vi.stubEnv('ADMIN_PASSWORD', 'local-only');
    vi.stubEnv(name, value);
    const res = await login(ADMIN.username, 'local-only');
    expect(res.status).toBe(503);
    expect(((await res.json()) as { error: string }).error).toMatch(/ADMIN_PASSWORD_HASH/);
  });

  it('refuses ADMIN_PASSWORD on a deploy whose context says production', async () => {
    vi.stubEnv('ADMIN_PASSWORD_HASH', '');
    vi.stubEnv('ADMIN_PASSWORD', 'local-only');
    const res = await call(loginFn, {
      path: '/api/login',
      json: { username: ADMIN.username, password: 'local-only' },
      context: { deploy: { context: 'production' } },
    });
    expect(res.status).toBe(503);
  });

  it.each([
    ['ADMIN_USERNAME', '', /ADMIN_USERNAME/],
    ['JWT_SECRET', '', /JWT_SECRET/],
    ['JWT_SECRET', 'x'.repeat(31), /JWT_SECRET/],
    ['ADMIN_PASSWORD_HASH', '', /ADMIN_PASSWORD_HASH/],
    ['ADMIN_PASSWORD_HASH', 'plaintext', /ADMIN_PASSWORD_HASH is not a scrypt hash/],
    [
      'ADMIN_PASSWORD_HASH',
      'scrypt$3$8$1$c2FsdHNhbHQ=$aGFzaGhhc2hoYXNoaGFzaA==',
      /not a power of two: make a new one with npm run hash-password/,
    ],
    [
      // A hash made before the cost went up to OWASP's minimum: refused, and said why.
      'ADMIN_PASSWORD_HASH',
      'scrypt$32768$8$1$c2FsdHNhbHQ=$aGFzaGhhc2hoYXNoaGFzaA==',
      /uses scrypt N=32768, below the minimum 131072: make a new one with npm run hash-password/,
    ],
  ])('answers 503 with a clear message when %s is %j', async (name, value, message) => {
    vi.stubEnv(name, value);
    const res = await login(ADMIN.username, ADMIN.password);
    expect(res.status).toBe(503);
    const { error } = (await res.json()) as { error: string };
    expect(error).toMatch(/^Admin sign-in is not configured on this server:/);
    expect(error).toMatch(message);
  });
});

describe('throttling (per client address and username)', () => {
  async function failTimes(times: number, username: string, ip: string) {
    for (let i = 0; i < times; i++) expect((await login(username, 'wrong', ip)).status).toBe(401);
  }
  /** The whole sign-in: password, then the test passkey (enrolled before each test). */
  const loginAsAdmin = (ip: string) => signIn({ ip });
  beforeEach(async () => {
    await signedInToken({ ip: '192.0.2.200' });
  });

  /** Sets LOGIN_MAX_FAILURES and LOGIN_LOCKOUT_MINUTES, and stops the clock at `start`. */
  function lockoutSettings(maxFailures: string, minutes: string, start: string) {
    vi.stubEnv('LOGIN_MAX_FAILURES', maxFailures);
    vi.stubEnv('LOGIN_LOCKOUT_MINUTES', minutes);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(start));
  }

  it('locks the pair after 5 failures: 429 with Retry-After, even for the right password', async () => {
    await failTimes(5, ADMIN.username, '198.51.100.1');
    for (const password of ['wrong', ADMIN.password]) {
      const res = await login(ADMIN.username, password, '198.51.100.1');
      expect(res.status).toBe(429);
      const retryAfter = Number(res.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThan(14 * 60);
      expect(retryAfter).toBeLessThanOrEqual(15 * 60);
      expect(Object.keys((await res.json()) as object)).toEqual(['error']);
    }
  });

  it('never locks the admin out through failures for other usernames from the same address', async () => {
    await failTimes(5, 'mallory', '198.51.100.1');
    expect((await login('mallory', 'wrong', '198.51.100.1')).status).toBe(429);
    expect((await loginAsAdmin('198.51.100.1')).status).toBe(200);
  });

  it('never locks the admin out through failures from other addresses', async () => {
    await failTimes(5, ADMIN.username, '198.51.100.66');
    expect((await loginAsAdmin('198.51.100.67')).status).toBe(200);
  });

  it('uses Netlify’s client address, not forwarding headers a client can forge', async () => {
    await failTimes(5, ADMIN.username, '198.51.100.1');
    const res = await login(ADMIN.username, ADMIN.password, '198.51.100.1', {
      'x-forwarded-for': '10.9.8.7',
      'x-nf-client-connection-ip': '10.9.8.7',
      'x-real-ip': '10.9.8.7',
    });
    expect(res.status).toBe(429);
  });

  it('forgets failures after a success', async () => {
    await failTimes(4, ADMIN.username, '198.51.100.1');
    expect((await loginAsAdmin('198.51.100.1')).status).toBe(200);
    await failTimes(4, ADMIN.username, '198.51.100.1');
    expect((await loginAsAdmin('198.51.100.1')).status).toBe(200);
  });

  it('reads LOGIN_MAX_FAILURES and LOGIN_LOCKOUT_MINUTES, and unlocks when the time is up', async () => {
    lockoutSettings('2', '1', '2026-01-01T10:00:00Z');
    await failTimes(2, ADMIN.username, '198.51.100.9');
    const locked = await loginAsAdmin('198.51.100.9');
    expect(locked.status).toBe(429);
    expect(locked.headers.get('retry-after')).toBe('60');

    vi.setSystemTime(new Date('2026-01-01T10:00:59Z'));
    expect((await loginAsAdmin('198.51.100.9')).status).toBe(429);
    vi.setSystemTime(new Date('2026-01-01T10:01:01Z'));
    expect((await loginAsAdmin('198.51.100.9')).status).toBe(200);
  });

  it('counts failures within the window only', async () => {
    lockoutSettings('3', '10', '2026-01-01T10:00:00Z');
    await failTimes(2, ADMIN.username, '198.51.100.10');
    vi.setSystemTime(new Date('2026-01-01T10:11:00Z'));
    await failTimes(2, ADMIN.username, '198.51.100.10');
    expect((await loginAsAdmin('198.51.100.10')).status).toBe(200);
  });
});
