/**
 * Signing in through the real functions with a software passkey (tests/support/soft-authenticator.ts):
 * the password step, then enrolment or the passkey step, as the admin's browser does it.
 */
import { expect } from 'vitest';
import loginFn from '../../../functions/login.ts';
import factorFn from '../../../functions/login-factor.ts';
import type { LoginStep, SignedIn } from '../../../src/lib/schemas/index.ts';
import { SoftPasskey } from '../../support/soft-authenticator.ts';
import { ADMIN, BASE_URL, call, type CallOptions } from '../helpers.ts';

export const ORIGIN = BASE_URL;

export interface StepOptions {
  ip?: string;
  device?: string;
  password?: string;
  headers?: Record<string, string>;
  context?: CallOptions['context'];
}

/** POST /api/login; the answer and its body. */
export async function passwordStep(options: StepOptions = {}) {
  const res = await call(loginFn, {
    path: '/api/login',
    json: {
      username: ADMIN.username,
      password: options.password ?? ADMIN.password,
      ...(options.device !== undefined && { device: options.device }),
    },
    ...(options.ip !== undefined && { ip: options.ip }),
    ...(options.headers !== undefined && { headers: options.headers }),
    ...(options.context !== undefined && { context: options.context }),
  });
  return { res, body: (await res.clone().json()) as LoginStep & { error?: string } };
}

/** POST /api/login/<method> with `json`. */
export function factorStep(method: string, json: unknown, options: StepOptions = {}) {
  return call(factorFn, {
    path: `/api/login/${method}`,
    params: { method },
    json,
    ...(options.ip !== undefined && { ip: options.ip }),
    ...(options.headers !== undefined && { headers: options.headers }),
    ...(options.context !== undefined && { context: options.context }),
  });
}

type Options = { challenge: string };

/** First sign-in: enrols `passkey`; the token and the recovery codes. */
export async function enrol(passkey: SoftPasskey, options: StepOptions = {}): Promise<SignedIn> {
  const { res, body } = await passwordStep(options);
  expect(res.status).toBe(200);
  expect(body.step).toBe('enrol');
  if (body.step !== 'enrol') throw new Error('no enrolment');
  const created = passkey.create(body.options as Options, { origin: ORIGIN });
  const done = await factorStep(
    'enrol',
    { ticket: body.ticket, response: created, name: 'Test key' },
    options,
  );
  expect(done.status, await done.clone().text()).toBe(201);
  return (await done.json()) as SignedIn;
}

/** A sign-in with `passkey`: the answer of the passkey step. */
export async function signInWith(passkey: SoftPasskey, options: StepOptions = {}) {
  const { res, body } = await passwordStep(options);
  expect(res.status, JSON.stringify(body)).toBe(200);
  if (body.step !== 'passkey') throw new Error(`step ${body.step}`);
  const response = passkey.get(body.options as Options, { origin: ORIGIN });
  return factorStep('passkey', { ticket: body.ticket, response }, options);
}

/** A token, through enrolment if no factor exists yet. */
export async function tokenWith(passkey: SoftPasskey, options: StepOptions = {}): Promise<string> {
  const res = await signInWith(passkey, options);
  expect(res.status, await res.clone().text()).toBe(200);
  return ((await res.json()) as SignedIn).token;
}
