import { afterEach, describe, expect, it, vi } from 'vitest';
import enquiriesFn from '../../../functions/enquiries.ts';
import securityFn from '../../../functions/security.ts';
import { auditRecords } from '../../../functions/_lib/audit.ts';
import { withRequestScope } from '../../../functions/_lib/repositories/store.ts';
import { SoftPasskey } from '../../support/soft-authenticator.ts';
import { call, useBlobs } from '../helpers.ts';
import { ORIGIN, enrol, factorStep, passwordStep, signInWith, tokenWith } from './factors-kit.ts';

const blobs = useBlobs();

afterEach(() => {
  vi.useRealTimers();
  blobs.freshSite();
});

const audit = () => withRequestScope(undefined, () => auditRecords());

describe('the first sign-in enrols a passkey', () => {
  it('answers the password with an enrolment, never a token, and the enrolment signs in', async () => {
    const { res, body } = await passwordStep();
    expect(res.status).toBe(200);
    expect(body).not.toHaveProperty('token');
    expect(body.step).toBe('enrol');
    const key = new SoftPasskey();
    const created = key.create(body.options as { challenge: string }, { origin: ORIGIN });
    const done = await factorStep('enrol', {
      ticket: body.ticket,
      response: created,
      name: 'Laptop',
    });
    expect(done.status).toBe(201);
    const signedIn = (await done.json()) as { token: string; recoveryCodes: string[] };
    expect(signedIn.recoveryCodes).toHaveLength(10);
    expect(new Set(signedIn.recoveryCodes).size).toBe(10);
    for (const code of signedIn.recoveryCodes)
      expect(code).toMatch(/^[A-HJ-NP-Z2-9]{5}-[A-HJ-NP-Z2-9]{5}$/);
    const list = await call(enquiriesFn, { path: '/api/enquiries', token: signedIn.token });
    expect(list.status).toBe(200);
    const events = (await audit()).map((record) => record.event);
    expect(events).toEqual(
      expect.arrayContaining([
        'sign-in.succeeded',
        'passkey.added',
        'recovery-codes.created',
        'sign-in.new-device',
      ]),
    );
  });

  it('then asks every password step for the passkey, and the password alone gets nothing', async () => {
    const key = new SoftPasskey();
    await enrol(key);
    const { res, body } = await passwordStep();
    expect(res.status).toBe(200);
    expect(body.step).toBe('passkey');
    expect(body).not.toHaveProperty('token');
    if (body.step !== 'passkey') return;
    expect(body.fallbacks).toEqual(['recovery']);
    const allowed = (body.options as { allowCredentials: { id: string }[] }).allowCredentials;
    expect(allowed.map((entry) => entry.id)).toEqual([key.credentialId]);
    // An enrolment ticket is not to be had any more, and a sign-in ticket cannot enrol.
    const other = new SoftPasskey();
    const forged = await factorStep('enrol', {
      ticket: body.ticket,
      response: other.create(
        { challenge: (body.options as { challenge: string }).challenge },
        { origin: ORIGIN },
      ),
    });
    expect(forged.status).toBe(401);
    // What an attacker with the password alone holds opens no admin route.
    const res2 = await call(enquiriesFn, { path: '/api/enquiries', token: body.ticket });
    expect(res2.status).toBe(401);
  });

  it('refuses a second enrolment once a passkey exists, even with an enrolment ticket of before', async () => {
    const first = await passwordStep();
    const second = await passwordStep();
    const a = new SoftPasskey();
    const b = new SoftPasskey();
    const challengeOf = (step: typeof first) =>
      (step.body.options as { challenge: string }).challenge;
    const doneA = await factorStep('enrol', {
      ticket: first.body.ticket,
      response: a.create({ challenge: challengeOf(first) }, { origin: ORIGIN }),
    });
    expect(doneA.status).toBe(201);
    const doneB = await factorStep('enrol', {
      ticket: second.body.ticket,
      response: b.create({ challenge: challengeOf(second) }, { origin: ORIGIN }),
    });
    expect(doneB.status).toBe(409);
  });
});

describe('signing in with a passkey', () => {
  it('gives a token for a right signature, and names the passkey used', async () => {
    const key = new SoftPasskey();
    await enrol(key);
    const res = await signInWith(key);
    expect(res.status).toBe(200);
    const { token } = (await res.json()) as { token: string };
    const settings = await call(securityFn, { path: '/api/security', token });
    const body = (await settings.json()) as { passkeys: { name: string; lastUsedAt?: string }[] };
    expect(body.passkeys).toHaveLength(1);
    expect(body.passkeys[0]!.lastUsedAt).toBeDefined();
  });

  it('refuses an assertion made for another origin or relying party (a phishing page)', async () => {
    const key = new SoftPasskey();
    await enrol(key);
    for (const client of [
      { origin: 'https://admin-login.example' },
      { origin: ORIGIN, rpId: 'admin-login.example' },
      { origin: ORIGIN, type: 'webauthn.create' },
    ]) {
      const { body } = await passwordStep();
      const response = key.get(
        body.step === 'passkey' ? (body.options as { challenge: string }) : { challenge: '' },
        client,
      );
      const res = await factorStep('passkey', { ticket: body.ticket, response });
      expect(res.status, JSON.stringify(client)).toBe(401);
      expect(res.headers.get('content-type')).toMatch(/json/);
    }
  });

  it('refuses a replayed challenge: a ticket and its signature work once', async () => {
    const key = new SoftPasskey();
    await enrol(key);
    const { body } = await passwordStep();
    const response = key.get(body.options as { challenge: string }, { origin: ORIGIN });
    const first = await factorStep('passkey', { ticket: body.ticket, response });
    expect(first.status).toBe(200);
    const again = await factorStep('passkey', { ticket: body.ticket, response });
    expect(again.status).toBe(401);
    // The same signature with a new ticket: its challenge is not the one signed.
    const fresh = await passwordStep();
    const replay = await factorStep('passkey', { ticket: fresh.body.ticket, response });
    expect(replay.status).toBe(401);
  });

  it('lets only one of ten simultaneous uses of one ticket through', async () => {
    const key = new SoftPasskey();
    await enrol(key);
    const { body } = await passwordStep();
    const response = key.get(body.options as { challenge: string }, { origin: ORIGIN });
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        factorStep('passkey', { ticket: body.ticket, response }, { ip: `198.51.100.${i + 10}` }),
      ),
    );
    expect(answers.map((res) => res.status).sort()).toEqual([200, ...Array(9).fill(401)]);
  });

  it('refuses a signature counter that did not grow (a cloned authenticator)', async () => {
    const key = new SoftPasskey({ counter: 5 });
    await enrol(key);
    expect((await signInWith(key)).status).toBe(200); // counter 6
    const { body } = await passwordStep();
    const stale = key.get(
      body.options as { challenge: string },
      { origin: ORIGIN },
      { sameCounter: true },
    );
    const res = await factorStep('passkey', { ticket: body.ticket, response: stale });
    expect(res.status).toBe(401);
    // The next real use still works.
    expect((await signInWith(key)).status).toBe(200);
  });

  it('lets one of two simultaneous uses of one counter value through; a passkey without a counter, both', async () => {
    const counted = new SoftPasskey({ counter: 5 });
    await enrol(counted);
    const [a, b] = await Promise.all([passwordStep(), passwordStep({ ip: '198.51.100.90' })]);
    const signA = counted.get(a.body.options as { challenge: string }, { origin: ORIGIN });
    const signB = counted.get(
      b.body.options as { challenge: string },
      { origin: ORIGIN },
      { sameCounter: true },
    );
    const statuses = await Promise.all([
      factorStep('passkey', { ticket: a.body.ticket, response: signA }),
      factorStep('passkey', { ticket: b.body.ticket, response: signB }, { ip: '198.51.100.90' }),
    ]);
    expect(statuses.map((res) => res.status).sort()).toEqual([200, 401]);

    blobs.freshSite();
    const synced = new SoftPasskey({ counter: null });
    await enrol(synced);
    const steps = await Promise.all(
      Array.from({ length: 4 }, (_, i) => passwordStep({ ip: `198.51.100.${100 + i}` })),
    );
    const answers = await Promise.all(
      steps.map(({ body }, i) =>
        factorStep(
          'passkey',
          {
            ticket: body.ticket,
            response: synced.get(body.options as { challenge: string }, { origin: ORIGIN }),
          },
          { ip: `198.51.100.${100 + i}` },
        ),
      ),
    );
    expect(answers.map((res) => res.status)).toEqual([200, 200, 200, 200]);
  });

  it('refuses an expired ticket (2 minutes) and a passkey that is not ours', async () => {
    const key = new SoftPasskey();
    await enrol(key);
    vi.useFakeTimers({ toFake: ['Date'] });
    const { body } = await passwordStep();
    vi.setSystemTime(Date.now() + 121_000);
    const response = key.get(body.options as { challenge: string }, { origin: ORIGIN });
    const late = await factorStep('passkey', { ticket: body.ticket, response });
    expect(late.status).toBe(401);
    expect(((await late.json()) as { error: string }).error).toMatch(/expired/);
    vi.useRealTimers();
    const stranger = new SoftPasskey();
    const fresh = await passwordStep();
    const res = await factorStep('passkey', {
      ticket: fresh.body.ticket,
      response: stranger.get(fresh.body.options as { challenge: string }, { origin: ORIGIN }),
    });
    expect(res.status).toBe(401);
  });

  it('counts second-factor failures toward the lockout, and a correct password does not clear them', async () => {
    vi.stubEnv('LOGIN_MAX_FAILURES', '3');
    const key = new SoftPasskey();
    await enrol(key, { ip: '192.0.2.50' });
    const stranger = new SoftPasskey();
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const { res, body } = await passwordStep({ ip: '192.0.2.51' });
      if (res.status !== 200) {
        statuses.push(res.status);
        continue;
      }
      const wrong = stranger.get(body.options as { challenge: string }, { origin: ORIGIN });
      statuses.push(
        (
          await factorStep(
            'passkey',
            { ticket: body.ticket, response: wrong },
            { ip: '192.0.2.51' },
          )
        ).status,
      );
    }
    expect(statuses).toContain(429);
    // The right passkey from that address is locked out too, until the time runs out.
    const { res } = await passwordStep({ ip: '192.0.2.51' });
    expect(res.status).toBe(429);
    const records = await audit();
    expect(records.some((record) => record.event === 'sign-in.factor-failed')).toBe(true);
    // The lockout that followed, from an address refused already this hour, is counted in the
    // hour's refusal counters (refusals.ts), not written as a record of its own.
    const counted = records
      .filter((record) => record.event === 'sign-in.refused')
      .reduce((sum, record) => sum + (record.count ?? 0), 0);
    expect(counted).toBeGreaterThanOrEqual(3);
  });

  it('adds a spare passkey from a session, names it, and never removes the last one', async () => {
    const key = new SoftPasskey();
    await enrol(key);
    const token = await tokenWith(key);
    const options = await call(securityFn, {
      path: '/api/passkeys/options',
      method: 'POST',
      token,
    });
    const { ticket, options: creation } = (await options.json()) as {
      ticket: string;
      options: { challenge: string; excludeCredentials: { id: string }[] };
    };
    expect(creation.excludeCredentials.map((entry) => entry.id)).toEqual([key.credentialId]);
    const spare = new SoftPasskey();
    const added = await call(securityFn, {
      path: '/api/passkeys',
      token,
      json: { ticket, name: 'Spare key', response: spare.create(creation, { origin: ORIGIN }) },
    });
    expect(added.status).toBe(201);
    expect((await signInWith(spare)).status).toBe(200);
    const renamed = await call(securityFn, {
      path: `/api/passkeys/${spare.credentialId}`,
      params: { id: spare.credentialId },
      method: 'PATCH',
      token,
      json: { name: 'Drawer key' },
    });
    expect(renamed.status).toBe(200);
    const remove = (id: string) =>
      call(securityFn, { path: `/api/passkeys/${id}`, params: { id }, method: 'DELETE', token });
    expect((await remove(key.credentialId)).status).toBe(200);
    const last = await remove(spare.credentialId);
    expect(last.status).toBe(409);
    expect(((await last.json()) as { error: string }).error).toMatch(/only passkey/);
    expect((await signInWith(key).catch(() => null))?.status ?? 401).toBe(401);
    const events = (await audit()).map((record) => `${record.event} ${record.target ?? ''}`);
    expect(events).toEqual(
      expect.arrayContaining([
        'passkey.added Spare key',
        'passkey.renamed Drawer key',
        'passkey.removed Test key',
      ]),
    );
  });
});
