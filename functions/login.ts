/**
 * POST /api/login, the password step: `{ username, password, device? }` → the second step
 * (`LoginStep`: a passkey to use, a code, or a passkey to create; never a token; see
 * _lib/factors/sign-in.ts). Attempts are counted per client address and name, however many
 * arrive at once (_lib/throttle.ts): the admin's name on its own, every other name together, so
 * made-up names lock out like the real one. Checks of the admin's name are also counted
 * site-wide (_lib/password-checks.ts): past LOGIN_SITE_MAX_CHECKS in a window, addresses that
 * have not passed the password recently get 429 too. Refusals are counted per hour, not recorded
 * one by one (_lib/refusals.ts), and alert the admin at most once an hour.
 *
 * A wrong password is 401 `{ error: 'Invalid credentials' }`. When the failures of this address
 * that still count, under the admin's name and every other name taken together, leave exactly
 * one before LOGIN_MAX_FAILURES, the 401 also carries `X-Attempts-Left: 1` and
 * `X-Lockout-Minutes: <LOGIN_LOCKOUT_MINUTES>` (_lib/lock-warning.ts): the next failure may lock
 * sign-in (it does when every failure was under one name). The two names are counted together so
 * the warning tells nothing about the name typed: an attempt under the admin's name and one under
 * a made-up name leave the same total, so both get the same answer, byte for byte, until one of
 * the two counters locks (tests/functions/auth/lock-warning.test.ts).
 */
import type { Config } from '@netlify/functions';
import { LoginSchema } from '../src/lib/schemas/index.ts';
import { audit } from './_lib/audit.ts';
import { credentialsMatch, loginConfig } from './_lib/auth.ts';
import { readBody } from './_lib/body.ts';
import { sendAlert } from './_lib/factors/alerts.ts';
import { lockedOut, secondStep } from './_lib/factors/sign-in.ts';
import { HttpError, dispatch, endpoint, json, type Handler } from './_lib/http.ts';
import { lockWarning } from './_lib/lock-warning.ts';
import { knownAddress, rememberAddress, takeSiteCheck } from './_lib/password-checks.ts';
import { UNKNOWN_NAME, attemptsLeft, reserveAttempt, throttleName } from './_lib/throttle.ts';
import { validate } from './_lib/validate.ts';

const PAUSED = 'Too many failed attempts. Please try again later.';

const login: Handler = async (req, context) => {
  const { username, password, device } = validate(LoginSchema, (await readBody(req)).data);
  const config = loginConfig(context);
  // Netlify's own view of the client; never a request header, which anyone can forge.
  const ip = context.ip ?? 'unknown';
  const actor = context.ip === undefined ? {} : { ip: context.ip };
  const name = throttleName(username, config.username);
  // Reserve, then check: only a request holding one of the pair's attempts reaches the password.
  const reservation = await reserveAttempt(ip, name);
  if (!reservation.granted) return lockedOut(req, context, reservation.retryAfter);
  if (name === config.username) {
    const check = await takeSiteCheck();
    // Past the cap, only an address that passed the password recently is checked.
    if (!check.granted && !(context.ip !== undefined && (await knownAddress(context.ip)))) {
      await reservation.attempt.passed(); // Nothing was checked: the slot is given back.
      await audit('sign-in.locked-out', { target: 'site-wide' }, actor);
      await sendAlert('sign-in-paused', {}, req, context);
      throw new HttpError(429, PAUSED, { headers: { 'retry-after': String(check.retryAfter) } });
    }
  }
  if (!(await credentialsMatch(config, username, password))) {
    await reservation.attempt.failed();
    // The log never holds the name or password tried: only that a sign-in came from this address.
    await audit('sign-in.failed', {}, actor);
    const warning = await lockWarning(attemptsLeft(ip, [config.username, UNKNOWN_NAME]));
    throw new HttpError(401, 'Invalid credentials', { headers: warning });
  }
  // Half a sign-in: the slot is freed but no earlier failure is forgiven.
  await reservation.attempt.passed();
  if (context.ip !== undefined) await rememberAddress(context.ip);
  return json(await secondStep(req, context, device));
};

export default endpoint((req, context) => dispatch(req, context, { POST: login }));

export const config: Config = {
  path: '/api/login',
  rateLimit: { windowLimit: 20, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
