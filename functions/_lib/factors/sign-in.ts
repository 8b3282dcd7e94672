/**
 * Signing in with two factors. The password step (functions/login.ts) never yields a token: it
 * answers with a ticket for the second step, bound to a fresh challenge (`secondStep`):
 * - `passkey`: a passkey of this address exists; the browser signs the ticket's challenge.
 *   The authenticator app (where set up) and a recovery code are the other ways in.
 * - `code`: factors exist but no passkey works at this address (a new preview's host): the
 *   authenticator app or a recovery code, then the admin may add a passkey here.
 * - `enrol`: no factor at all yet (the first sign-in after this shipped, or after the operator's
 *   reset): the admin creates a passkey, and gets ten recovery codes, shown once.
 * The second step (functions/login-factor.ts) takes the ticket and one factor, in this order:
 * 1. the ticket's try (tickets.ts `takeTry`): a spent ticket, or one whose TICKET_TRIES tries are
 *    taken, is refused before anything else is looked at;
 * 2. a slot of the client address's lockout, the same as the password's (throttle.ts), then (not
 *    for an enrolment, which has no factor to guess) one of the account's: LOGIN_FACTOR_MAX_FAILURES
 *    second-step attempts from any addresses within LOGIN_LOCKOUT_MINUTES, failed or in flight,
 *    lock the second step for everyone (429, an audit record, one alert per lockout window);
 * 3. the factor's check, which changes nothing; a wrong factor keeps both slots as failures, and
 *    its 401 carries the lock warning (`X-Attempts-Left: 1`, `X-Lockout-Minutes`; lock-warning.ts)
 *    when it leaves the address, or the account's second step, one failure before its lock;
 * 4. the ticket is spent (one request wins), and only then the factor used up (a code, a
 *    passkey's counter), so a right code never goes to waste on a ticket another request spent.
 * Only a completed sign-in forgives the address's earlier failures (never the account's) and
 * issues a token, which is recorded as a session, audited, and e-mailed about when the device is
 * new.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { LoginStep, SignedIn } from '../../../src/lib/schemas/index.ts';
import { asActor, audit, sessionOf } from '../audit.ts';
import { issueToken, tokenConfig } from '../auth.ts';
import { readPositiveInt } from '../env.ts';
import { HttpError, type FunctionContext } from '../http.ts';
import { lockWarning } from '../lock-warning.ts';
import { security } from '../repositories/admin-security.ts';
import {
  attemptsLeft,
  reserveAttempt,
  throttleConfig,
  type LoginAttempt,
  type ThrottleConfig,
} from '../throttle.ts';
import { sendAlert } from './alerts.ts';
import { creationOptions, passkeysOf, requestOptions } from './passkeys.ts';
import { relyingParty } from './relying-party.ts';
import { recordSession } from './sessions.ts';
import {
  EXPIRED_TICKET,
  issueTicket,
  spend,
  takeTry,
  type Ticket,
  type TicketPurpose,
} from './tickets.ts';

export type Method = 'passkey' | 'totp' | 'recovery';

const LOCKED_OUT = 'Too many failed attempts. Please try again later.';
const LOCKOUT_ALERT_MS = 15 * 60_000;
/**
 * The throttle's "address" for the account's own count: no client address is spelled like it, so
 * its pair is the account's attempts from every address.
 */
const EVERY_ADDRESS = 'every-address';

/** The account's second step: failures from any addresses, within the password's lockout time. */
export function accountLockout(): ThrottleConfig {
  return {
    maxFailures: readPositiveInt('LOGIN_FACTOR_MAX_FAILURES', 10),
    windowMs: throttleConfig().windowMs,
  };
}

export const deviceHash = (device: string) => createHash('sha256').update(device).digest('hex');
const newChallenge = () => randomBytes(32).toString('base64url');

const actorOf = (context: FunctionContext) => (context.ip === undefined ? {} : { ip: context.ip });

/** A lockout: audited, and e-mailed once per address and quarter hour. */
export async function lockedOut(
  req: Request,
  context: FunctionContext,
  retryAfter: number,
  now = Date.now(),
): Promise<never> {
  await audit('sign-in.locked-out', {}, actorOf(context));
  const about = `${context.ip ?? 'unknown'}|${Math.floor(now / LOCKOUT_ALERT_MS)}`;
  await sendAlert('locked-out', { about }, req, context, now);
  throw new HttpError(429, LOCKED_OUT, { headers: { 'retry-after': String(retryAfter) } });
}

/** What the password step answers, once the password was right. */
export async function secondStep(
  req: Request,
  context: FunctionContext,
  device: string | undefined,
  now = Date.now(),
): Promise<LoginStep> {
  const rp = relyingParty(req, context);
  const { username } = tokenConfig();
  const [here, all, totp, recovery] = await Promise.all([
    passkeysOf(rp),
    security.passkeys(),
    security.totp(),
    security.recoveryCodes(),
  ]);
  const fallbacks: ('totp' | 'recovery')[] = [
    ...(totp !== null ? (['totp'] as const) : []),
    ...(recovery !== null && recovery.value.hashes.length > 0 ? (['recovery'] as const) : []),
  ];
  const base = { rp: rp.id, ...(device !== undefined && { device: deviceHash(device) }) };
  if (all.length === 0 && totp === null && recovery === null) {
    const challenge = newChallenge();
    const ticket = await issueTicket({ purpose: 'enrol', challenge, ...base }, context, now);
    const options = await creationOptions(rp, username, challenge, []);
    return { step: 'enrol', ticket, options: { ...options } };
  }
  const challenge = newChallenge();
  const ticket = await issueTicket({ purpose: 'sign-in', challenge, ...base }, context, now);
  if (here.length === 0) return { step: 'code', ticket, fallbacks };
  const options = await requestOptions(
    rp,
    challenge,
    here.map((entry) => entry.value),
  );
  return { step: 'passkey', ticket, options: { ...options }, fallbacks };
}

/** The account's second step is locked: audited, and e-mailed once per lockout window. */
async function accountLocked(
  req: Request,
  context: FunctionContext,
  retryAfter: number,
  now: number,
): Promise<never> {
  await audit('sign-in.locked-out', { target: 'account' }, actorOf(context));
  const about = `account|${Math.floor(now / accountLockout().windowMs)}`;
  await sendAlert('account-locked', { about }, req, context, now);
  throw new HttpError(429, LOCKED_OUT, { headers: { 'retry-after': String(retryAfter) } });
}

/**
 * A factor's check: throws a 401 for a wrong factor (or another HttpError), changes nothing, and
 * gives the step that uses the factor up (a conditional write: a 401 when another request used it
 * first), which answers what the sign-in's answer adds.
 */
export type FactorCheck = () => Promise<() => Promise<Partial<SignedIn>>>;

/** Runs one second-step attempt in the order of this module's comment; a success signs in. */
export async function attemptSecondStep(
  req: Request,
  context: FunctionContext,
  ticket: Ticket,
  method: Method,
  check: FactorCheck,
  /** Runs as the new session (its audit records name it), before the answer. */
  after?: () => Promise<void>,
  now = Date.now(),
): Promise<SignedIn> {
  await takeTry(ticket, now);
  const address = await reserveAttempt(context.ip ?? 'unknown', ticket.username);
  if (!address.granted) return lockedOut(req, context, address.retryAfter, now);
  // An enrolment has no factor to guess (there is none yet): only sign-in tickets count.
  const account =
    ticket.purpose === 'sign-in'
      ? await reserveAttempt(EVERY_ADDRESS, ticket.username, { config: accountLockout() })
      : null;
  if (account?.granted === false) {
    await address.attempt.passed();
    return accountLocked(req, context, account.retryAfter, now);
  }
  const attempts = [address.attempt, ...(account?.granted ? [account.attempt] : [])];
  let extra: Partial<SignedIn>;
  try {
    const use = await check();
    await spend(ticket, now);
    extra = await use();
  } catch (error) {
    await settle(error, attempts, context, method);
    if (!refusedFactor(error)) throw error;
    // One more wrong factor may lock this address's sign-in, or the account's second step.
    const warning = await lockWarning(
      attemptsLeft(context.ip ?? 'unknown', [ticket.username]),
      ...(account?.granted
        ? [attemptsLeft(EVERY_ADDRESS, [ticket.username], { config: accountLockout() })]
        : []),
    );
    throw new HttpError(error.status, error.message, {
      ...error.options,
      headers: { ...error.options.headers, ...warning },
    });
  }
  await address.attempt.succeeded();
  // Nothing but time forgives the account's failures: a sign-in beside an attack resets nothing.
  if (account?.granted) await account.attempt.passed();
  const { token, actor } = await completeSignIn(req, context, ticket, method, now);
  if (after) await asActor(actor, after);
  return { ...extra, token };
}

/** A wrong factor: 401, but not for a ticket that expired or was spent. */
function refusedFactor(error: unknown): error is HttpError {
  return error instanceof HttpError && error.status === 401 && error.message !== EXPIRED_TICKET;
}

/** A refused attempt: a wrong factor (401) stays counted; anything else frees its slots. */
async function settle(
  error: unknown,
  attempts: readonly LoginAttempt[],
  context: FunctionContext,
  method: Method,
): Promise<void> {
  if (refusedFactor(error)) {
    await Promise.all(attempts.map((attempt) => attempt.failed()));
    await audit('sign-in.factor-failed', { target: method }, actorOf(context));
  } else {
    await Promise.all(attempts.map((attempt) => attempt.passed()));
  }
}

/** Issues the token: a session, an audit record, and an alert when the device is new. */
async function completeSignIn(
  req: Request,
  context: FunctionContext,
  ticket: Ticket,
  method: Method,
  now: number,
): Promise<{ token: string; actor: { ip?: string; session: string } }> {
  const config = tokenConfig();
  const { token, jti, exp } = await issueToken(config, context);
  await recordSession({ jti, exp }, req, context, method, now);
  const actor = { ...actorOf(context), session: sessionOf(jti) };
  await audit('sign-in.succeeded', { target: method }, actor);
  const device = ticket.device ?? `unknown:${randomBytes(8).toString('hex')}`;
  if (await security.rememberDevice(device, new Date(now).toISOString())) {
    await audit('sign-in.new-device', {}, actor);
    await sendAlert('new-device', { about: device }, req, context, now);
  }
  return { token, actor };
}

/** A ticket for setting up a factor from a signed-in session. */
export async function setUpTicket(
  purpose: Extract<TicketPurpose, 'add-passkey' | 'add-totp'>,
  session: string,
  claims: { challenge?: string; rp?: string; secret?: string },
  context: FunctionContext,
): Promise<string> {
  return issueTicket({ purpose, session, ...claims }, context);
}

export { newChallenge };
