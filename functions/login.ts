/**
 * POST /api/login: `{ username, password }` → `{ token }` (HS256, 1 h). Failures are counted per
 * client address and username; past the limit the pair gets 429 with Retry-After.
 */
import type { Config } from '@netlify/functions';
import { LoginSchema } from '../src/lib/schemas/index.ts';
import { credentialsMatch, issueToken, loginConfig } from './_lib/auth.ts';
import { readBody } from './_lib/body.ts';
import { HttpError, dispatch, endpoint, json, type Handler } from './_lib/http.ts';
import {
  clearFailures,
  lockedForSeconds,
  recordFailure,
  throttleConfig,
  throttleKey,
} from './_lib/throttle.ts';
import { validate } from './_lib/validate.ts';

const login: Handler = async (req, context) => {
  const { username, password } = validate(LoginSchema, (await readBody(req)).data);
  const config = loginConfig(context);
  // Netlify's own view of the client; never a request header, which anyone can forge.
  const key = throttleKey(context.ip ?? 'unknown', username);

  const wait = await lockedForSeconds(key);
  if (wait > 0) {
    throw new HttpError(429, 'Too many failed attempts. Please try again later.', {
      headers: { 'retry-after': String(wait) },
    });
  }
  if (!(await credentialsMatch(config, username, password))) {
    await recordFailure(key, throttleConfig());
    throw new HttpError(401, 'Invalid credentials');
  }
  await clearFailures(key);
  return json({ token: await issueToken(config, context) });
};

export default endpoint((req, context) => dispatch(req, context, { POST: login }));

export const config: Config = {
  path: '/api/login',
  rateLimit: { windowLimit: 20, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
