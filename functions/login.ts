/**
 * POST /api/login: `{ username, password }` → `{ token }` (HS256, 1 h). Attempts are counted per
 * client address and username, however many arrive at once (functions/_lib/throttle.ts); past
 * the limit the pair gets 429 with Retry-After.
 */
import type { Config } from '@netlify/functions';
import { LoginSchema } from '../src/lib/schemas/index.ts';
import { audit, sessionOf } from './_lib/audit.ts';
import { credentialsMatch, issueToken, loginConfig } from './_lib/auth.ts';
import { readBody } from './_lib/body.ts';
import { HttpError, dispatch, endpoint, json, type Handler } from './_lib/http.ts';
import { reserveAttempt } from './_lib/throttle.ts';
import { validate } from './_lib/validate.ts';

const login: Handler = async (req, context) => {
  const { username, password } = validate(LoginSchema, (await readBody(req)).data);
  const config = loginConfig(context);
  // Netlify's own view of the client; never a request header, which anyone can forge.
  // Reserve, then check: only a request holding one of the pair's attempts reaches the password.
  const reservation = await reserveAttempt(context.ip ?? 'unknown', username);
  // The log never holds the name or password tried: only that a sign-in came from this address.
  const actor = context.ip === undefined ? {} : { ip: context.ip };
  if (!reservation.granted) {
    await audit('sign-in.locked-out', {}, actor);
    throw new HttpError(429, 'Too many failed attempts. Please try again later.', {
      headers: { 'retry-after': String(reservation.retryAfter) },
    });
  }
  if (!(await credentialsMatch(config, username, password))) {
    await reservation.attempt.failed();
    await audit('sign-in.failed', {}, actor);
    throw new HttpError(401, 'Invalid credentials');
  }
  await reservation.attempt.succeeded();
  const { token, jti } = await issueToken(config, context);
  await audit('sign-in.succeeded', {}, { ...actor, session: sessionOf(jti) });
  return json({ token });
};

export default endpoint((req, context) => dispatch(req, context, { POST: login }));

export const config: Config = {
  path: '/api/login',
  rateLimit: { windowLimit: 20, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
