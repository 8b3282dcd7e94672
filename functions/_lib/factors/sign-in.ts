/**
 * Signing in with two factors. The password step (functions/login.ts) never yields a token: it
 * answers with a ticket for the second step, bound to a fresh challenge (`secondStep`):
 * - `passkey`: a passkey of this address exists; the browser signs the ticket's challenge.
 *   The authenticator app (where set up) and a recovery code are the other ways in.
 * - `code`: factors exist but no passkey works at this address (a new preview's host): the
 *   authenticator app or a recovery code, then the admin may add a passkey here.
 * - `enrol`: no factor at all yet (the first sign-in after this shipped, or after the operator's
 *   reset): the admin creates a passkey, and gets ten recovery codes, shown once.
 * The second step (functions/login-factor.ts) takes the ticket and one factor. Each attempt
 * takes a slot of the same lockout as the password (throttle.ts), and a failure keeps it.
 * Only a completed sign-in forgives earlier failures and issues a token, which is recorded as a
 * session, audited, and e-mailed about when the device is new.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { LoginStep, SignedIn } from '../../../src/lib/schemas/index.ts';
import { asActor, audit, sessionOf } from '../audit.ts';
import { issueToken, tokenConfig } from '../auth.ts';
import { HttpError, type FunctionContext } from '../http.ts';
import { security } from '../repositories/admin-security.ts';
import { reserveAttempt } from '../throttle.ts';
import { sendAlert } from './alerts.ts';
import { creationOptions, passkeysOf, requestOptions } from './passkeys.ts';
import { relyingParty } from './relying-party.ts';
import { recordSession } from './sessions.ts';
import { issueTicket, type Ticket, type TicketPurpose } from './tickets.ts';

export type Method = 'passkey' | 'totp' | 'recovery';

const LOCKED_OUT = 'Too many failed attempts. Please try again later.';
const LOCKOUT_ALERT_MS = 15 * 60_000;

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

/**
 * Runs one second-step attempt under the lockout: `verify` throws a 401 for a wrong factor
 * (counted as a failure), or returns what the answer adds. A success completes the sign-in.
 */
export async function attemptSecondStep(
  req: Request,
  context: FunctionContext,
  ticket: Ticket,
  method: Method,
  verify: () => Promise<Partial<SignedIn>>,
  /** Runs as the new session (its audit records name it), before the answer. */
  after?: () => Promise<void>,
  now = Date.now(),
): Promise<SignedIn> {
  const reservation = await reserveAttempt(context.ip ?? 'unknown', ticket.username);
  if (!reservation.granted) return lockedOut(req, context, reservation.retryAfter, now);
  let extra: Partial<SignedIn>;
  try {
    extra = await verify();
  } catch (error) {
    if (error instanceof HttpError && error.status === 401) {
      await reservation.attempt.failed();
      await audit('sign-in.factor-failed', { target: method }, actorOf(context));
    } else {
      await reservation.attempt.passed();
    }
    throw error;
  }
  await reservation.attempt.succeeded();
  const { token, actor } = await completeSignIn(req, context, ticket, method, now);
  if (after) await asActor(actor, after);
  return { ...extra, token };
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
