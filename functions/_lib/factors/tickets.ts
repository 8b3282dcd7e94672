/**
 * Tickets: what one step of a sign-in or of a factor's set-up hands to the next. A ticket is an
 * HS256 token (JWT_SECRET) with its own audience, so it is never an admin token and an admin token
 * is never a ticket. It names its purpose, the admin, the relying party, and what the next step
 * checks against: the WebAuthn challenge made with it, the device, the session that asked for it
 * or the authenticator secret being set up. It expires (2 minutes; 10 for an authenticator's
 * set-up, which needs a phone) and is spent once (`spend`, a conditional write): the one request
 * that spends it may go on. A sign-in ticket has TICKET_TRIES tries (`takeTry`, conditional
 * writes): one is taken before any code is looked at, so however many requests share a ticket, at
 * most that many codes are ever checked with it; a spent ticket is refused before a try is taken.
 */
import { randomBytes } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import { EXPIRED_TICKET_MESSAGE } from '../../../src/lib/schemas/index.ts';
import { TOKEN_ISSUER, deployScope, tokenConfig } from '../auth.ts';
import { HttpError, type FunctionContext } from '../http.ts';
import { security } from '../repositories/admin-security.ts';

export type TicketPurpose = 'sign-in' | 'enrol' | 'add-passkey' | 'add-totp';

export const TICKET_SECONDS: Record<TicketPurpose, number> = {
  'sign-in': 120,
  enrol: 120,
  'add-passkey': 120,
  'add-totp': 600,
};

export interface TicketClaims {
  purpose: TicketPurpose;
  /** WebAuthn challenge, base64url (sign-in, enrol, add-passkey). */
  challenge?: string;
  /** The relying party id the challenge was made for. */
  rp?: string;
  /** SHA-256 of the browser's device id (sign-in, enrol). */
  device?: string;
  /** The session that asked (add-passkey, add-totp). */
  session?: string;
  /** The authenticator secret being set up (add-totp). */
  secret?: string;
}

export interface Ticket extends TicketClaims {
  jti: string;
  /** Epoch seconds. */
  exp: number;
  username: string;
}

const audience = (context: FunctionContext) => `site-admin-ticket:${deployScope(context)}`;

/** Codes (or passkey signatures) checked with one sign-in ticket at most, right or wrong. */
export const TICKET_TRIES = 3;

/** The one message of an expired or spent ticket (the admin's login page recognises it). */
export const EXPIRED_TICKET = EXPIRED_TICKET_MESSAGE;

export async function issueTicket(
  claims: TicketClaims,
  context: FunctionContext,
  now = Date.now(),
): Promise<string> {
  const config = tokenConfig();
  const seconds = TICKET_SECONDS[claims.purpose];
  return new SignJWT({ ...claims })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(config.username)
    .setIssuer(TOKEN_ISSUER)
    .setAudience(audience(context))
    .setJti(randomBytes(16).toString('base64url'))
    .setIssuedAt(Math.floor(now / 1000))
    .setExpirationTime(Math.floor(now / 1000) + seconds)
    .sign(config.secret);
}

/** The ticket's claims if it is ours, of this purpose and not expired; else 401. */
export async function readTicket(
  ticket: string,
  purposes: readonly TicketPurpose[],
  context: FunctionContext,
  now = Date.now(),
): Promise<Ticket> {
  const config = tokenConfig();
  try {
    const { payload } = await jwtVerify(ticket, config.secret, {
      algorithms: ['HS256'],
      issuer: TOKEN_ISSUER,
      audience: audience(context),
      requiredClaims: ['exp', 'jti', 'sub'],
      currentDate: new Date(now),
    });
    const purpose = payload['purpose'] as TicketPurpose;
    if (!purposes.includes(purpose)) throw new Error('purpose');
    if (payload.sub !== config.username) throw new Error('subject');
    if (!/^[\w-]{22}$/.test(payload.jti ?? '')) throw new Error('jti');
    const text = (name: string) =>
      typeof payload[name] === 'string' ? (payload[name] as string) : undefined;
    const claims: Ticket = {
      purpose,
      jti: payload.jti!,
      exp: payload.exp!,
      username: payload.sub,
    };
    for (const name of ['challenge', 'rp', 'device', 'session', 'secret'] as const) {
      const value = text(name);
      if (value !== undefined) claims[name] = value;
    }
    return claims;
  } catch {
    throw new HttpError(401, EXPIRED_TICKET);
  }
}

/** Spends the ticket: the one caller that does goes on, every other gets 401. */
export async function spend(ticket: Ticket, now = Date.now()): Promise<void> {
  if (!(await security.spendTicket(ticket.jti, ticket.exp, now))) {
    throw new HttpError(401, EXPIRED_TICKET);
  }
}

/**
 * Takes one of the ticket's tries, or 401 when it is spent or has none left. Nothing about the
 * code sent with it is looked at before this (tests/functions/auth/sign-in-rules.test.ts, and
 * factor-races.test.ts: forty codes at once on one ticket, three checked).
 */
export async function takeTry(ticket: Ticket, now = Date.now()): Promise<void> {
  if (
    (await security.ticketSpent(ticket.jti, ticket.exp)) ||
    !(await security.takeTicketTry(ticket.jti, ticket.exp, TICKET_TRIES, now))
  ) {
    throw new HttpError(401, EXPIRED_TICKET);
  }
}
