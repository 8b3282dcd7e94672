/**
 * POST /api/contact: public contact message (JSON or the no-JS form post).
 */
import type { Config } from '@netlify/functions';
import { MESSAGE } from '../src/lib/leads/index.ts';
import { dispatch, endpoint } from './_lib/http.ts';
import { leadSubmission } from './_lib/submission.ts';

const create = leadSubmission(MESSAGE);

export default endpoint((req, context) => dispatch(req, context, { POST: create }));

export const config: Config = {
  path: '/api/contact',
  rateLimit: { windowLimit: 10, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
