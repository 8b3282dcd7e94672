/**
 * A sign-in ticket is its own kind of token: never an admin token, never a ticket of another
 * purpose, deploy scope or secret, never altered; and no body sent to the second step, however
 * hostile, gets a 5xx, a stack or a token.
 */
import { SignJWT, decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import enquiriesFn from '../../../functions/enquiries.ts';
import { SoftPasskey } from '../../support/soft-authenticator.ts';
import { call, makeToken, useBlobs } from '../helpers.ts';
import { ORIGIN, factorStep, passwordStep, signedInToken, TEST_PASSKEY } from './factors-kit.ts';

useBlobs();

type Options = { challenge: string };

describe('tickets', () => {
  it('are refused as admin tokens, and admin tokens are refused as tickets', async () => {
    await signedInToken();
    const { body } = await passwordStep();
    expect((await call(enquiriesFn, { path: '/api/enquiries', token: body.ticket })).status).toBe(
      401,
    );
    const token = await makeToken();
    const res = await factorStep('totp', { ticket: token, code: '123456' });
    expect(res.status).toBe(401);
  });

  it('work only for their own step, deploy scope and secret, and not once altered', async () => {
    await signedInToken();
    const { body } = await passwordStep();
    const response = TEST_PASSKEY.get(body.options as Options, { origin: ORIGIN });
    // A sign-in ticket cannot enrol.
    const other = new SoftPasskey();
    const enrol = await factorStep('enrol', {
      ticket: body.ticket,
      response: other.create(body.options as Options, { origin: ORIGIN }),
    });
    expect(enrol.status).toBe(401);
    // Another deploy scope: a local server's ticket in production (same secret).
    const production = await factorStep(
      'passkey',
      { ticket: body.ticket, response },
      { context: { deploy: { context: 'production' } } },
    );
    expect(production.status).toBe(401);
    // Signed with another secret, or altered (the purpose rewritten).
    const claims = decodeJwt(body.ticket);
    const forged = await new SignJWT({ ...claims })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .sign(new TextEncoder().encode('another-secret-that-is-32-bytes-long!!'));
    expect((await factorStep('passkey', { ticket: forged, response })).status).toBe(401);
    const [head, , signature] = body.ticket.split('.');
    const altered = Buffer.from(JSON.stringify({ ...claims, purpose: 'enrol' })).toString(
      'base64url',
    );
    expect(
      (await factorStep('passkey', { ticket: `${head}.${altered}.${signature}`, response })).status,
    ).toBe(401);
    // The untouched ticket still works: none of the above spent it.
    expect((await factorStep('passkey', { ticket: body.ticket, response })).status).toBe(200);
  });

  it('answers hostile bodies with 4xx and a message, never a token', async () => {
    await signedInToken();
    const { body } = await passwordStep();
    const bodies: unknown[] = [
      null,
      [],
      'ticket',
      {},
      { ticket: 42 },
      { ticket: 'x'.repeat(5000), code: '123456' },
      { ticket: body.ticket },
      { ticket: body.ticket, response: null },
      { ticket: body.ticket, response: { id: 'x', rawId: 'x', type: 'public-key' } },
      {
        ticket: body.ticket,
        response: { id: '../../etc', rawId: 'x', type: 'public-key', response: {} },
      },
      {
        ticket: body.ticket,
        response: {
          id: 'x',
          rawId: 'x',
          type: 'public-key',
          response: { clientDataJSON: '%%%', authenticatorData: '', signature: '' },
        },
      },
      { ticket: body.ticket, code: ['123456'] },
      { ticket: body.ticket, code: '１２３４５６' },
      { ticket: body.ticket, code: 'ABCDE-23456\u0000' },
      {
        ticket: body.ticket,
        response: { id: 'x', rawId: 'x', type: 'public-key', response: {} },
        name: '\u202e'.repeat(100),
      },
    ];
    for (const method of ['passkey', 'totp', 'recovery', 'enrol']) {
      for (const json of bodies) {
        const res = await factorStep(method, json);
        const text = await res.text();
        expect(res.status, `${method} ${JSON.stringify(json).slice(0, 80)}`).toBeGreaterThanOrEqual(
          400,
        );
        expect(res.status).toBeLessThan(500);
        expect(text).not.toMatch(/token"|at .*\.ts/);
        expect(JSON.parse(text)).toHaveProperty('error');
      }
    }
    expect((await factorStep('nonsense', { ticket: body.ticket })).status).toBe(404);
    const res = await factorStep('passkey', undefined);
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
  });
});
