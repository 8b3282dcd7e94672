/**
 * The second step under many requests at once, from many addresses: a ticket checks three codes at
 * most, the account's second step locks after LOGIN_FACTOR_MAX_FAILURES failures from any
 * addresses (with one alert), one first enrolment of any number wins, a recovery code signs in
 * once, and the last passkey stays however many removals run together.
 */
import { describe, expect, it, vi } from 'vitest';
import securityFn from '../../../functions/security.ts';
import { sessionOf } from '../../../functions/_lib/audit.ts';
import { codeAt } from '../../../functions/_lib/factors/totp.ts';
import { security } from '../../../functions/_lib/repositories/admin-security.ts';
import { EXPIRED_TICKET_MESSAGE } from '../../../src/lib/schemas/index.ts';
import { SoftPasskey } from '../../support/soft-authenticator.ts';
import { call, makeToken, useBlobs } from '../helpers.ts';
import {
  ORIGIN,
  alertSubjects,
  factorStep,
  inStore,
  queueAlerts,
  seedPasskey,
  seedRecoveryCodes,
  seedTotp,
  sha256,
  ticketFor,
} from './factors-kit.ts';

useBlobs();

const TOTP_REFUSED = 'That code is not right, or was used already. Please try the next one.';
const ACCOUNT_LOCKED = "Admin sign-in's second step locked after failed codes";

/** Six digits that are no code of `secret` within a step of now: the `n`-th such. */
function wrongCode(secret: string, n: number): string {
  const right = [-30_000, 0, 30_000].map((offset) => codeAt(secret, Date.now() + offset));
  let candidate = 100_000 + n * 7919;
  while (right.includes(String(candidate))) candidate++;
  return String(candidate);
}

const errorOf = async (res: Response) => ((await res.json()) as { error: string }).error;

describe('a sign-in ticket', () => {
  it('checks three codes at most, however many addresses send them at once; then even the right one is refused', async () => {
    const secret = await seedTotp();
    const ticket = await ticketFor();
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        factorStep(
          'totp',
          { ticket, code: wrongCode(secret, i) },
          { ip: `198.51.100.${10 + (i % 8)}` },
        ),
      ),
    );
    expect(answers.map((res) => res.status)).toEqual(Array(40).fill(401));
    const errors = await Promise.all(answers.map(errorOf));
    // Checked: the three that took a try. The others were refused before their code was read.
    expect(errors.filter((error) => error === TOTP_REFUSED)).toHaveLength(3);
    expect(errors.filter((error) => error === EXPIRED_TICKET_MESSAGE)).toHaveLength(37);
    const right = await factorStep('totp', { ticket, code: codeAt(secret, Date.now()) });
    expect(right.status).toBe(401);
    expect(await errorOf(right)).toBe(EXPIRED_TICKET_MESSAGE);
    // Three failures do not lock the account (LOGIN_FACTOR_MAX_FAILURES, 10): a new ticket works.
    const fresh = await factorStep(
      'totp',
      { ticket: await ticketFor(), code: codeAt(secret, Date.now()) },
      { ip: '198.51.100.30' },
    );
    expect(fresh.status).toBe(200);
  });
});

describe("the account's second step", () => {
  it('locks after LOGIN_FACTOR_MAX_FAILURES (10) failures from any addresses: the right code gets 429 and one alert is queued', async () => {
    queueAlerts();
    const secret = await seedTotp();
    const tickets = await Promise.all(Array.from({ length: 4 }, () => ticketFor()));
    // Twelve wrong codes, three at once on each ticket in turn, each from its own address: no
    // address is near its own limit (LOGIN_MAX_FAILURES, 5).
    const answers: Response[] = [];
    for (const [t, ticket] of tickets.entries()) {
      answers.push(
        ...(await Promise.all(
          [0, 1, 2].map((i) =>
            factorStep(
              'totp',
              { ticket, code: wrongCode(secret, 3 * t + i) },
              { ip: `192.0.2.${100 + 3 * t + i}` },
            ),
          ),
        )),
      );
    }
    const statuses = answers.map((res) => res.status);
    expect(statuses.filter((status) => status === 401)).toHaveLength(10);
    expect(statuses.filter((status) => status !== 401).every((status) => status === 429)).toBe(
      true,
    );
    for (const ip of ['192.0.2.200', '192.0.2.201']) {
      const right = await factorStep(
        'totp',
        { ticket: await ticketFor(), code: codeAt(secret, Date.now()) },
        { ip },
      );
      expect(right.status).toBe(429);
      const retryAfter = Number(right.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    }
    expect((await alertSubjects()).filter((subject) => subject === ACCOUNT_LOCKED)).toHaveLength(1);
  });

  it('counts to LOGIN_FACTOR_MAX_FAILURES as configured', async () => {
    vi.stubEnv('LOGIN_FACTOR_MAX_FAILURES', '2');
    const secret = await seedTotp();
    const ticket = await ticketFor();
    for (const [i, ip] of ['192.0.2.1', '192.0.2.2'].entries()) {
      expect(
        (await factorStep('totp', { ticket, code: wrongCode(secret, i) }, { ip })).status,
      ).toBe(401);
    }
    const right = await factorStep(
      'totp',
      { ticket: await ticketFor(), code: codeAt(secret, Date.now()) },
      { ip: '192.0.2.3' },
    );
    expect(right.status).toBe(429);
  });
});

describe('the first enrolment', () => {
  it('is won by one of fifteen at once: one 201, and the recovery codes stored are the ones it showed', async () => {
    const keys = Array.from({ length: 15 }, () => new SoftPasskey());
    const tickets = await Promise.all(keys.map(() => ticketFor('enrol')));
    const { decodeJwt } = await import('jose');
    const answers = await Promise.all(
      keys.map((key, i) => {
        const challenge = decodeJwt(tickets[i]!)['challenge'] as string;
        return factorStep(
          'enrol',
          { ticket: tickets[i], response: key.create({ challenge }, { origin: ORIGIN }) },
          { ip: `198.51.100.${120 + i}` },
        );
      }),
    );
    const statuses = answers.map((res) => res.status).sort();
    expect(statuses).toEqual([201, ...Array(14).fill(409)]);
    const bodies = (await Promise.all(answers.map((res) => res.json()))) as {
      recoveryCodes?: string[];
    }[];
    expect(bodies.filter((body) => body.recoveryCodes !== undefined)).toHaveLength(1);
    const shown = bodies.find((body) => body.recoveryCodes)!.recoveryCodes!;
    const stored = await inStore(() => security.recoveryCodes());
    expect(stored?.value.hashes).toEqual(shown.map((code) => sha256(code.replace('-', ''))));
    expect(await inStore(() => security.passkeys())).toHaveLength(1);
  });
});

describe('recovery codes', () => {
  it('sign in once per code of twenty uses at once from twenty addresses', async () => {
    // Most uses are checked (the account's lockout, 10 by default, would refuse half of them).
    vi.stubEnv('LOGIN_FACTOR_MAX_FAILURES', '50');
    const [code] = await seedRecoveryCodes();
    const tickets = await Promise.all(Array.from({ length: 20 }, () => ticketFor()));
    const answers = await Promise.all(
      tickets.map((ticket, i) =>
        factorStep('recovery', { ticket, code }, { ip: `203.0.113.${100 + i}` }),
      ),
    );
    const statuses = answers.map((res) => res.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    // The rest: the code used already (401), or past the throttle's share of a burst (429).
    expect(statuses.filter((status) => status !== 200 && status !== 401 && status !== 429)).toEqual(
      [],
    );
    expect(statuses.filter((status) => status === 401).length).toBeGreaterThanOrEqual(5);
    expect((await inStore(() => security.recoveryCodes()))?.value.hashes).toHaveLength(9);
  });

  it('ten different codes used at once all sign in, and none is left', async () => {
    const codes = await seedRecoveryCodes();
    const tickets = await Promise.all(codes.map(() => ticketFor()));
    const answers = await Promise.all(
      codes.map((code, i) =>
        factorStep('recovery', { ticket: tickets[i], code }, { ip: `203.0.113.${150 + i}` }),
      ),
    );
    expect(answers.map((res) => res.status)).toEqual(Array(10).fill(200));
    expect((await inStore(() => security.recoveryCodes()))?.value.hashes).toEqual([]);
  });
});

describe('removing passkeys', () => {
  it('keeps one of two removed at once, and one of six', async () => {
    const token = await makeToken();
    const remove = (id: string) =>
      call(securityFn, { path: `/api/passkeys/${id}`, params: { id }, method: 'DELETE', token });
    for (const count of [2, 6]) {
      const passkeys = await Promise.all(
        Array.from({ length: count }, (_, i) => seedPasskey(`Key ${i}`)),
      );
      const answers = await Promise.all(passkeys.map((passkey) => remove(passkey.id)));
      const statuses = answers.map((res) => res.status);
      const left = await inStore(() => security.passkeys());
      expect(left.length, `${count}: ${statuses.join(' ')}`).toBeGreaterThanOrEqual(1);
      // Each answer tells the truth: a 200 removed its passkey, a 409 kept it.
      expect(left.map((entry) => entry.value.id).sort()).toEqual(
        passkeys
          .filter((_, i) => statuses[i] === 409)
          .map((passkey) => passkey.id)
          .sort(),
      );
      expect(statuses.every((status) => status === 200 || status === 409)).toBe(true);
      for (const entry of left) await inStore(() => security.removePasskey(entry.value.id));
    }
  });
});

describe('ending a session and removing the authenticator app', () => {
  it('answer once for five requests at once: one 204 (one alert), the others 404', async () => {
    queueAlerts();
    const token = await makeToken();
    const other = {
      id: sessionOf('other'),
      jti: 'other',
      exp: Math.floor(Date.now() / 1000) + 600,
    };
    const session = { ...other, createdAt: new Date().toISOString(), device: 'Safari on iOS' };
    expect(await inStore(() => security.writeSession({ ...session, method: 'totp' }))).toBe(true);
    const end = () =>
      call(securityFn, {
        path: `/api/sessions/${other.id}`,
        params: { id: other.id },
        method: 'DELETE',
        token,
      });
    const ended = await Promise.all(Array.from({ length: 5 }, end));
    expect(ended.map((res) => res.status).sort()).toEqual([204, 404, 404, 404, 404]);
    expect(await inStore(() => security.session(other.id))).toBeNull();

    await seedTotp();
    const removals = await Promise.all(
      Array.from({ length: 5 }, () =>
        call(securityFn, { path: '/api/totp', method: 'DELETE', token }),
      ),
    );
    expect(removals.map((res) => res.status).sort()).toEqual([204, 404, 404, 404, 404]);
    expect(await inStore(() => security.totp())).toBeNull();
    const removed = (await alertSubjects()).filter((subject) => subject.includes('removed'));
    expect(removed).toEqual(['The authenticator app was removed from the admin']);
  });
});

describe('setting up the authenticator app', () => {
  it('keeps one of five confirmed at once: one 201, and its secret is the one stored', async () => {
    const token = await makeToken();
    const setups = await Promise.all(
      Array.from({ length: 5 }, async () => {
        const res = await call(securityFn, { path: '/api/totp/setup', method: 'POST', token });
        expect(res.status).toBe(200);
        return (await res.json()) as { ticket: string; secret: string };
      }),
    );
    const answers = await Promise.all(
      setups.map(({ ticket, secret }) =>
        call(securityFn, {
          path: '/api/totp',
          token,
          json: { ticket, code: codeAt(secret, Date.now()) },
        }),
      ),
    );
    const statuses = answers.map((res) => res.status);
    expect([...statuses].sort()).toEqual([201, 409, 409, 409, 409]);
    const stored = await inStore(() => security.totp());
    expect(stored?.value.secret).toBe(setups[statuses.indexOf(201)]!.secret);
  });
});
