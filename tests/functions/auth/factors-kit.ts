/**
 * Signing in through the real functions with a software passkey (tests/support/soft-authenticator.ts):
 * the password step, then enrolment or the passkey step, as the admin's browser does it.
 */
import { createHash, randomBytes, randomInt } from 'node:crypto';
import { getStore } from '@netlify/blobs';
import { expect, vi } from 'vitest';
import loginFn from '../../../functions/login.ts';
import factorFn from '../../../functions/login-factor.ts';
import {
  issueTicket,
  type TicketClaims,
  type TicketPurpose,
} from '../../../functions/_lib/factors/tickets.ts';
import { newSecret } from '../../../functions/_lib/factors/totp.ts';
import { OUTBOX_STORE } from '../../../functions/_lib/outbox.ts';
import {
  security,
  type StoredPasskey,
} from '../../../functions/_lib/repositories/admin-security.ts';
import { withRequestScope } from '../../../functions/_lib/repositories/store.ts';
import {
  RECOVERY_ALPHABET,
  type LoginStep,
  type SignedIn,
} from '../../../src/lib/schemas/index.ts';
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

/** Runs `work` against the test's Blobs, as a function's request would. */
export const inStore = <T>(work: () => Promise<T>) => withRequestScope(undefined, work);

/**
 * A ticket as the password step issues it (tickets.ts), without its scrypt check: for tests that
 * need many tickets at once. Its challenge is fresh; `rp` is the local server's.
 */
export function ticketFor(
  purpose: TicketPurpose = 'sign-in',
  claims: Partial<TicketClaims> = {},
  now = Date.now(),
): Promise<string> {
  const challenge = randomBytes(32).toString('base64url');
  return issueTicket({ purpose, challenge, rp: 'localhost', ...claims }, { params: {} }, now);
}

/** An authenticator app set up with no code used yet; its secret. */
export async function seedTotp(): Promise<string> {
  const { secret } = newSecret(ADMIN.username, 'Test');
  const totp = { secret, createdAt: new Date().toISOString(), lastStep: 0 };
  expect(await inStore(() => security.writeTotp(totp, 'new'))).toBe(true);
  return secret;
}

/** Ten recovery codes stored as the enrolment stores them (hashed); the codes. */
export async function seedRecoveryCodes(count = 10): Promise<string[]> {
  const letter = () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)];
  const part = () => Array.from({ length: 5 }, letter).join('');
  const codes = Array.from({ length: count }, () => `${part()}-${part()}`);
  const hashes = codes.map((code) => sha256(code.replace('-', '')));
  const record = { createdAt: new Date().toISOString(), hashes };
  expect(await inStore(() => security.writeRecoveryCodes(record, 'new'))).toBe(true);
  return codes;
}

export const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** A passkey record of the local server's relying party (never used to sign: no real key). */
export async function seedPasskey(name: string): Promise<StoredPasskey> {
  const passkey: StoredPasskey = {
    id: randomBytes(16).toString('base64url'),
    publicKey: randomBytes(32).toString('base64url'),
    counter: 0,
    name,
    rp: 'localhost',
    createdAt: new Date().toISOString(),
    backedUp: false,
  };
  expect(await inStore(() => security.writePasskey(passkey, 'new'))).toBe(true);
  return passkey;
}

/** Mail settings whose server is never reached (nothing listens): alerts wait in the outbox. */
export function queueAlerts(): void {
  vi.stubEnv('SMTP_HOST', '127.0.0.1');
  vi.stubEnv('SMTP_PORT', '9');
  vi.stubEnv('ADMIN_EMAIL', 'security@haritha.example');
}

/** The subjects of the security alerts queued in the outbox (see `queueAlerts`). */
export async function alertSubjects(): Promise<string[]> {
  const outbox = getStore({ name: OUTBOX_STORE, consistency: 'strong' });
  const entries = await Promise.all(
    (await outbox.list()).blobs.map(
      async ({ key }) =>
        (await outbox.get(key, { type: 'json' })) as { kind?: string; mail?: { subject?: string } },
    ),
  );
  return entries
    .filter((entry) => entry?.kind === 'alert')
    .map((entry) => entry.mail?.subject ?? '')
    .sort();
}
