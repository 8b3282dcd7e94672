/**
 * POST /api/pageview: the visit beacon's page views and the enquiry wizard's steps
 * (_lib/visits/record.ts). Public; throttled per address here and site-wide in code.
 */
import type { Config } from '@netlify/functions';
import { dispatch, endpoint } from './_lib/http.ts';
import { recordVisit } from './_lib/visits/record.ts';

const record = recordVisit();

export default endpoint((req, context) => dispatch(req, context, { POST: record }));

export const config: Config = {
  path: '/api/pageview',
  rateLimit: { windowLimit: 120, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
