/**
 * GET /api/challenge: a fresh proof-of-work challenge for a form (proof-of-work.ts), public and
 * never cached: each one may be spent once.
 */
import type { Config } from '@netlify/functions';
import { dispatch, endpoint, json } from './_lib/http.ts';
import { issueChallenge } from './_lib/proof-of-work.ts';

export default endpoint((req, context) =>
  dispatch(req, context, {
    GET: async () => json(await issueChallenge(context)),
  }),
);

export const config: Config = {
  path: '/api/challenge',
  rateLimit: { windowLimit: 30, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
