/**
 * The ways in besides a passkey: the authenticator app (TOTP, ±1 step, each code once) and the
 * recovery codes (ten, single-use, stored hashed); sessions the admin can see and end; the alert
 * e-mails, through the outbox, to ADMIN_EMAIL.
 */
import { getStore } from '@netlify/blobs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import enquiriesFn from '../../../functions/enquiries.ts';
import logoutFn from '../../../functions/logout.ts';
import securityFn from '../../../functions/security.ts';
import { codeAt } from '../../../functions/_lib/factors/totp.ts';
import { SECURITY_STORE } from '../../../functions/_lib/repositories/admin-security.ts';
import { OUTBOX_STORE } from '../../../functions/_lib/outbox.ts';
import { call, useBlobs } from '../helpers.ts';
import { factorStep, passwordStep, signIn, signedInToken } from './factors-kit.ts';

const blobs = useBlobs();

beforeEach(() => {
  blobs.freshSite();
});
afterEach(() => {
  vi.useRealTimers();
});

const api = (token: string, path: string, method = 'GET', json?: unknown) =>
  call(securityFn, {
    path,
    method,
    token,
    ...(json !== undefined && { json }),
    ...(/\/(passkeys|sessions)\/[^/]+$/.test(path) && {
      params: { id: path.split('/').pop()! },
    }),
  });

async function setUpTotp(token: string): Promise<string> {
  const setup = await api(token, '/api/totp/setup', 'POST');
  expect(setup.status).toBe(200);
  const { ticket, secret, uri } = (await setup.json()) as {
    ticket: string;
    secret: string;
    uri: string;
  };
  expect(uri).toMatch(/^otpauth:\/\/totp\/.+secret=/);
  const wrong = await api(token, '/api/totp', 'POST', {
    ticket,
    code: '000000' === codeAt(secret, Date.now()) ? '111111' : '000000',
  });
  expect(wrong.status).toBe(400);
  const done = await api(token, '/api/totp', 'POST', { ticket, code: codeAt(secret, Date.now()) });
  expect(done.status).toBe(201);
  return secret;
}

describe('the authenticator app', () => {
  it('is set up with a code of its own, then signs in once per code, a step either side', async () => {
    const token = await signedInToken();
    const secret = await setUpTotp(token);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 90_000);
    const { body } = await passwordStep();
    expect(body.step).toBe('passkey');
    if (body.step !== 'passkey') return;
    expect(body.fallbacks).toEqual(['totp', 'recovery']);
    // The code of the step before is still taken (clock drift), and works once.
    const previous = codeAt(secret, Date.now() - 30_000);
    const first = await factorStep('totp', { ticket: body.ticket, code: previous });
    expect(first.status).toBe(200);
    const again = await passwordStep();
    const reused = await factorStep('totp', { ticket: again.body.ticket, code: previous });
    expect(reused.status).toBe(401);
    // Two steps off is refused; the current one works, with spaces as people type them.
    const far = codeAt(secret, Date.now() - 60_000);
    expect((await factorStep('totp', { ticket: again.body.ticket, code: far })).status).toBe(401);
    const now = codeAt(secret, Date.now());
    const spaced = `${now.slice(0, 3)} ${now.slice(3)}`;
    expect((await factorStep('totp', { ticket: again.body.ticket, code: spaced })).status).toBe(
      200,
    );
    // The ticket is spent by the success.
    const next = codeAt(secret, Date.now() + 30_000);
    expect((await factorStep('totp', { ticket: again.body.ticket, code: next })).status).toBe(401);
  });

  it('lets one of five simultaneous uses of one code through', async () => {
    const token = await signedInToken();
    const secret = await setUpTotp(token);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 60_000);
    const tickets = await Promise.all(Array.from({ length: 5 }, () => passwordStep()));
    const code = codeAt(secret, Date.now());
    const answers = await Promise.all(
      tickets.map(({ body }, i) =>
        factorStep('totp', { ticket: body.ticket, code }, { ip: `198.51.100.${60 + i}` }),
      ),
    );
    expect(answers.map((res) => res.status).sort()).toEqual([200, 401, 401, 401, 401]);
  });

  it('answers 400 with the message for a code that is not six digits', async () => {
    await signedInToken();
    const { body } = await passwordStep();
    const res = await factorStep('totp', { ticket: body.ticket, code: '12ab56' });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      error: 'Some fields are invalid.',
      fields: { code: 'Enter the 6-digit code from your authenticator app.' },
    });
  });
});

describe('recovery codes', () => {
  it('are ten, stored hashed, each signs in once, and a used one alerts the admin', async () => {
    vi.stubEnv('SMTP_HOST', '127.0.0.1');
    vi.stubEnv('SMTP_PORT', '9'); // Nothing listens: the alert waits in the outbox.
    vi.stubEnv('ADMIN_EMAIL', 'security@haritha.example');
    const enrolled = await signIn();
    const { recoveryCodes } = (await enrolled.json()) as { recoveryCodes: string[] };
    const store = getStore({ name: SECURITY_STORE, consistency: 'strong' });
    const stored = JSON.stringify(await store.get('recovery', { type: 'json' }));
    for (const code of recoveryCodes) {
      expect(stored).not.toContain(code);
      expect(stored).not.toContain(code.replace('-', ''));
    }
    const { body } = await passwordStep();
    const code = recoveryCodes[3]!;
    const used = await factorStep('recovery', { ticket: body.ticket, code: code.toLowerCase() });
    expect(used.status).toBe(200);
    expect(((await used.json()) as { recoveryCodesLeft: number }).recoveryCodesLeft).toBe(9);
    const again = await passwordStep();
    expect((await factorStep('recovery', { ticket: again.body.ticket, code })).status).toBe(401);
    const outbox = getStore({ name: OUTBOX_STORE, consistency: 'strong' });
    const alerts = await Promise.all(
      (await outbox.list({ prefix: 'security/' })).blobs.map(
        async ({ key }) =>
          (await outbox.get(key, { type: 'json' })) as {
            mail: { to: string; subject: string; text: string };
          },
      ),
    );
    const subjects = alerts.map((entry) => entry.mail.subject).sort();
    expect(subjects).toEqual([
      'A passkey was added to the admin',
      'A recovery code was used to sign in to the admin',
      'New sign-in to the admin from a new device',
      'New sign-in to the admin from a new device',
    ]);
    for (const entry of alerts) {
      expect(entry.mail.to).toBe('security@haritha.example');
      for (const secret of recoveryCodes) expect(entry.mail.text).not.toContain(secret);
    }
  });

  it('can be made anew from a session: the old ones stop working', async () => {
    const enrolled = await signIn();
    const { recoveryCodes: old, token } = (await enrolled.json()) as {
      recoveryCodes: string[];
      token: string;
    };
    const res = await api(token, '/api/recovery-codes', 'POST');
    expect(res.status).toBe(201);
    const { recoveryCodes } = (await res.json()) as { recoveryCodes: string[] };
    expect(recoveryCodes).toHaveLength(10);
    const { body } = await passwordStep();
    expect((await factorStep('recovery', { ticket: body.ticket, code: old[0] })).status).toBe(401);
    expect(
      (await factorStep('recovery', { ticket: body.ticket, code: recoveryCodes[0] })).status,
    ).toBe(200);
  });
});

describe('sessions', () => {
  it('lists each signed-in browser with device and place, and ends one or all others', async () => {
    const chrome = {
      'user-agent':
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36',
    };
    const safari = {
      'user-agent':
        'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
    };
    const geo = {
      city: 'Kochi',
      subdivision: { name: 'Kerala' },
      country: { code: 'IN', name: 'India' },
    };
    const a = await signedInToken({ headers: chrome, context: { geo } });
    const b = await signedInToken({ headers: safari });
    const c = await signedInToken({ headers: safari });
    const list = await api(a, '/api/sessions');
    const sessions = (await list.json()) as {
      id: string;
      current: boolean;
      device: string;
      place?: string;
      method: string;
    }[];
    expect(sessions).toHaveLength(3);
    const mine = sessions.find((entry) => entry.current)!;
    expect(mine).toMatchObject({
      device: 'Chrome on Windows',
      place: 'Kochi, Kerala, India',
      method: 'passkey',
    });
    expect(sessions.filter((entry) => !entry.current).map((entry) => entry.device)).toEqual([
      'Safari on iOS',
      'Safari on iOS',
    ]);

    const other = sessions.find((entry) => !entry.current)!;
    expect((await api(a, `/api/sessions/${other.id}`, 'DELETE')).status).toBe(204);
    expect((await api(a, `/api/sessions/${other.id}`, 'DELETE')).status).toBe(404);
    const still = [b, c].map(
      async (token) => (await call(enquiriesFn, { path: '/api/enquiries', token })).status,
    );
    expect((await Promise.all(still)).sort()).toEqual([200, 401]);

    const ended = await api(a, '/api/sessions', 'DELETE');
    expect(await ended.json()).toEqual({ ended: 1 });
    for (const token of [b, c]) {
      expect((await call(enquiriesFn, { path: '/api/enquiries', token })).status).toBe(401);
    }
    expect((await call(enquiriesFn, { path: '/api/enquiries', token: a })).status).toBe(200);
    // Signing out forgets the session too.
    expect((await call(logoutFn, { method: 'POST', path: '/api/logout', token: a })).status).toBe(
      204,
    );
    const d = await signedInToken();
    expect(((await (await api(d, '/api/sessions')).json()) as unknown[]).length).toBe(1);
  });

  it('keeps set-up tickets to the session that asked for them', async () => {
    const a = await signedInToken();
    const b = await signedInToken();
    const setup = await api(a, '/api/totp/setup', 'POST');
    const { ticket, secret } = (await setup.json()) as { ticket: string; secret: string };
    const stolen = await api(b, '/api/totp', 'POST', { ticket, code: codeAt(secret, Date.now()) });
    expect(stolen.status).toBe(401);
  });
});

describe('changing how the admin signs in', () => {
  it('needs a sign-in of the last 15 minutes: a token taken later cannot plant a factor', async () => {
    const token = await signedInToken();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 16 * 60_000);
    for (const [path, method] of [
      ['/api/passkeys/options', 'POST'],
      ['/api/totp/setup', 'POST'],
      ['/api/recovery-codes', 'POST'],
      ['/api/totp', 'DELETE'],
      ['/api/passkeys/some-id', 'DELETE'],
    ] as const) {
      const res = await api(token, path, method);
      expect(res.status, path).toBe(403);
      expect(((await res.json()) as { error: string }).error).toMatch(
        /^Changing how you sign in needs a sign-in from the last 15 minutes\./,
      );
    }
    // Reading the settings and ending other sessions stay open for the whole session.
    expect((await api(token, '/api/security')).status).toBe(200);
    expect((await api(token, '/api/sessions', 'DELETE')).status).toBe(200);
    vi.setSystemTime(Date.now() - 2 * 60_000);
    expect((await api(token, '/api/recovery-codes', 'POST')).status).toBe(201);
  });
});
