/**
 * The second step's rules, one by one: a spent or expired ticket is refused before its code is
 * read (a right code stays unused, a wrong one is not counted), a ticket names the admin it was
 * issued to, an authenticator code is good a step either side and no further, used-up recovery
 * codes are no way in, set-up tickets stay with their session, expired sessions are not listed,
 * and a recovery code's use is in the audit log.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import securityFn from '../../../functions/security.ts';
import { auditRecords } from '../../../functions/_lib/audit.ts';
import { sessionOf } from '../../../functions/_lib/audit.ts';
import { codeAt } from '../../../functions/_lib/factors/totp.ts';
import { security } from '../../../functions/_lib/repositories/admin-security.ts';
import { EXPIRED_TICKET_MESSAGE } from '../../../src/lib/schemas/index.ts';
import { SoftPasskey } from '../../support/soft-authenticator.ts';
import { call, makeToken, useBlobs } from '../helpers.ts';
import {
  ORIGIN,
  factorStep,
  inStore,
  passwordStep,
  seedRecoveryCodes,
  seedTotp,
  ticketFor,
} from './factors-kit.ts';

useBlobs();

afterEach(() => {
  vi.useRealTimers();
});

const errorOf = async (res: Response) => ((await res.json()) as { error: string }).error;

/** One failure locks an address, and the account's second step: any failure counted shows. */
function lockOnFirstFailure(): void {
  vi.stubEnv('LOGIN_MAX_FAILURES', '1');
  vi.stubEnv('LOGIN_FACTOR_MAX_FAILURES', '1');
}

const WRONG = '000000';

describe('a spent or expired ticket', () => {
  it('is refused before its code is read: a right code stays unused, a wrong one is not counted', async () => {
    lockOnFirstFailure();
    const secret = await seedTotp();
    vi.useFakeTimers({ toFake: ['Date'] });
    const ticket = await ticketFor();
    const first = await factorStep(
      'totp',
      { ticket, code: codeAt(secret, Date.now()) },
      { ip: '192.0.2.1' },
    );
    expect(first.status).toBe(200);
    vi.setSystemTime(Date.now() + 30_000);
    const next = codeAt(secret, Date.now());
    const right = await factorStep('totp', { ticket, code: next }, { ip: '192.0.2.2' });
    expect(right.status).toBe(401);
    expect(await errorOf(right)).toBe(EXPIRED_TICKET_MESSAGE);
    const wrong = next === WRONG ? '111111' : WRONG;
    const counted = await factorStep('totp', { ticket, code: wrong }, { ip: '192.0.2.3' });
    expect(counted.status).toBe(401);
    expect(await errorOf(counted)).toBe(EXPIRED_TICKET_MESSAGE);
    // The code is still unused, and the address that sent the wrong one is not locked.
    const fresh = await factorStep(
      'totp',
      { ticket: await ticketFor(), code: next },
      { ip: '192.0.2.3' },
    );
    expect(fresh.status, await fresh.clone().text()).toBe(200);
  });

  it('is refused when expired (2 minutes) before its code is read', async () => {
    lockOnFirstFailure();
    const secret = await seedTotp();
    vi.useFakeTimers({ toFake: ['Date'] });
    const ticket = await ticketFor();
    vi.setSystemTime(Date.now() + 121_000);
    const code = codeAt(secret, Date.now());
    const right = await factorStep('totp', { ticket, code }, { ip: '192.0.2.4' });
    expect(right.status).toBe(401);
    expect(await errorOf(right)).toBe(EXPIRED_TICKET_MESSAGE);
    const wrong = code === WRONG ? '111111' : WRONG;
    expect((await factorStep('totp', { ticket, code: wrong }, { ip: '192.0.2.5' })).status).toBe(
      401,
    );
    const fresh = await factorStep(
      'totp',
      { ticket: await ticketFor(), code },
      { ip: '192.0.2.5' },
    );
    expect(fresh.status, await fresh.clone().text()).toBe(200);
  });
});

describe('a sign-in ticket', () => {
  it('is refused once ADMIN_USERNAME names another admin', async () => {
    const secret = await seedTotp();
    const ticket = await ticketFor();
    vi.stubEnv('ADMIN_USERNAME', 'office-admin');
    const refused = await factorStep('totp', { ticket, code: codeAt(secret, Date.now()) });
    expect(refused.status).toBe(401);
    expect(await errorOf(refused)).toBe(EXPIRED_TICKET_MESSAGE);
    // Nothing else was wrong with it: under its own name it works.
    vi.stubEnv('ADMIN_USERNAME', 'admin');
    expect((await factorStep('totp', { ticket, code: codeAt(secret, Date.now()) })).status).toBe(
      200,
    );
  });
});

describe('the authenticator app', () => {
  it('refuses a code two steps (60 s) old, and takes one a step (30 s) old', async () => {
    const secret = await seedTotp();
    vi.useFakeTimers({ toFake: ['Date'] });
    // The middle of a step: the codes of 60 and 30 s ago are those of two and one steps before.
    vi.setSystemTime(Math.floor(Date.now() / 30_000) * 30_000 + 15_000);
    const ticket = await ticketFor();
    const old = codeAt(secret, Date.now() - 60_000);
    const near = [-30_000, 0, 30_000].map((offset) => codeAt(secret, Date.now() + offset));
    if (!near.includes(old)) {
      expect((await factorStep('totp', { ticket, code: old })).status).toBe(401);
    }
    const previous = codeAt(secret, Date.now() - 30_000);
    expect((await factorStep('totp', { ticket, code: previous })).status).toBe(200);
  });
});

describe('recovery codes', () => {
  it('are not offered as a way in once all are used', async () => {
    await seedTotp();
    const record = { createdAt: new Date().toISOString(), hashes: [] };
    expect(await inStore(() => security.writeRecoveryCodes(record, 'new'))).toBe(true);
    const { res, body } = await passwordStep();
    expect(res.status).toBe(200);
    expect(body.step).toBe('code');
    expect(body.fallbacks).toEqual(['totp']);
  });

  it('write recovery-code.used to the audit log when one signs in', async () => {
    const [code] = await seedRecoveryCodes();
    const res = await factorStep('recovery', { ticket: await ticketFor(), code });
    expect(res.status).toBe(200);
    const records = await inStore(() => auditRecords());
    expect(records.filter((record) => record.event === 'recovery-code.used')).toEqual([
      expect.objectContaining({ count: 9 }),
    ]);
  });
});

describe('sessions', () => {
  const api = (token: string, path: string, json?: unknown) =>
    call(securityFn, { path, token, ...(json !== undefined && { json }) });

  it("refuse the add-passkey ticket of one session in another; its own session's works", async () => {
    const [a, b] = await Promise.all([makeToken(), makeToken()]);
    const options = await api(a, '/api/passkeys/options', {});
    expect(options.status).toBe(200);
    const { ticket, options: creation } = (await options.json()) as {
      ticket: string;
      options: { challenge: string };
    };
    const key = new SoftPasskey();
    const body = { ticket, name: 'Spare key', response: key.create(creation, { origin: ORIGIN }) };
    const stolen = await api(b, '/api/passkeys', body);
    expect(stolen.status).toBe(401);
    expect((await api(a, '/api/passkeys', body)).status).toBe(201);
  });

  it('that have expired are not listed', async () => {
    const now = Math.floor(Date.now() / 1000);
    const base = {
      createdAt: new Date().toISOString(),
      device: 'Firefox on Linux',
      method: 'totp',
    };
    const live = { ...base, id: sessionOf('live'), jti: 'live', exp: now + 600 };
    const expired = { ...base, id: sessionOf('expired'), jti: 'expired', exp: now - 1 };
    for (const session of [live, expired]) {
      expect(await inStore(() => security.writeSession(session))).toBe(true);
    }
    const res = await api(await makeToken(), '/api/sessions');
    expect(res.status).toBe(200);
    const listed = (await res.json()) as { id: string }[];
    expect(listed.map((session) => session.id)).toEqual([live.id]);
  });
});
