/**
 * POST /api/login, the password step: `{ username, password, device? }` → the second step
 * (`LoginStep`: a passkey to use, a code, or a passkey to create; never a token; see
 * _lib/factors/sign-in.ts). Attempts are counted per client address and username, however many
 * arrive at once (_lib/throttle.ts); past the limit the pair gets 429 with Retry-After, an audit
 * record and one alert e-mail.
 */
import type { Config } from '@netlify/functions';
import { LoginSchema } from '../src/lib/schemas/index.ts';
import { audit } from './_lib/audit.ts';
import { credentialsMatch, loginConfig } from './_lib/auth.ts';
import { readBody } from './_lib/body.ts';
import { lockedOut, secondStep } from './_lib/factors/sign-in.ts';
import { HttpError, dispatch, endpoint, json, type Handler } from './_lib/http.ts';
import { reserveAttempt } from './_lib/throttle.ts';
import { validate } from './_lib/validate.ts';

const login: Handler = async (req, context) => {
  const { username, password, device } = validate(LoginSchema, (await readBody(req)).data);
  const config = loginConfig(context);
  // Netlify's own view of the client; never a request header, which anyone can forge.
  // Reserve, then check: only a request holding one of the pair's attempts reaches the password.
  const reservation = await reserveAttempt(context.ip ?? 'unknown', username);
  if (!reservation.granted) return lockedOut(req, context, reservation.retryAfter);
  if (!(await credentialsMatch(config, username, password))) {
    await reservation.attempt.failed();
    // The log never holds the name or password tried: only that a sign-in came from this address.
    await audit('sign-in.failed', {}, context.ip === undefined ? {} : { ip: context.ip });
    throw new HttpError(401, 'Invalid credentials');
  }
  // Half a sign-in: the slot is freed but no earlier failure is forgiven.
  await reservation.attempt.passed();
  return json(await secondStep(req, context, device));
};

export default endpoint((req, context) => dispatch(req, context, { POST: login }));

export const config: Config = {
  path: '/api/login',
  rateLimit: { windowLimit: 20, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
