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

/** What the password step answers (`LoginStep`), loosely typed for the tests' checks. */
export interface StepBody {
  step?: LoginStep['step'];
  ticket: string;
  options: Record<string, unknown>;
  fallbacks?: ('totp' | 'recovery')[];
  error?: string;
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
  return { res, body: (await res.clone().json()) as StepBody };
}

/** POST /api/login/<method> with `json`. */
export function factorStep(method: string, json: unknown, options: StepOptions = {}) {
  return call(factorFn, {
    path: `/api/login/${method}`,
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

/** The tests' own admin passkey: counter always 0, so any test may use it any number of times. */
export const TEST_PASSKEY = new SoftPasskey({ counter: null });

/** The origin a deploy context's passkeys belong to (relying-party.ts), as the tests set it. */
export function originFor(deployContext: string | undefined): string {
  if (deployContext === 'production') return process.env['URL'] ?? ORIGIN;
  if (deployContext === 'deploy-preview' || deployContext === 'branch-deploy') {
    return process.env['DEPLOY_PRIME_URL'] ?? ORIGIN;
  }
  return ORIGIN;
}

/**
 * Signs in as the admin does: password, then TEST_PASSKEY (enrolled first where there is no
 * factor yet). The last answer: 200 `{ token }` (201 after an enrolment), or the refusal.
 */
export async function signIn(options: StepOptions = {}): Promise<Response> {
  const { res, body } = await passwordStep(options);
  if (res.status !== 200) return res;
  const origin = originFor(options.context?.deploy?.context);
  if (body.step === 'enrol') {
    const response = TEST_PASSKEY.create(body.options as Options, { origin });
    return factorStep('enrol', { ticket: body.ticket, response, name: 'Test key' }, options);
  }
  if (body.step !== 'passkey') throw new Error(`step ${body.step}`);
  const response = TEST_PASSKEY.get(body.options as Options, { origin });
  return factorStep('passkey', { ticket: body.ticket, response }, options);
}

/** A token from `signIn` (which must succeed). */
export async function signedInToken(options: StepOptions = {}): Promise<string> {
  const res = await signIn(options);
  expect(res.status, await res.clone().text()).toBeLessThan(300);
  return ((await res.json()) as SignedIn).token;
}
