/**
 * /api/enquiries: the public create of a generator enquiry (JSON or the no-JS form post) and the
 * admin's list, read, follow-up and delete (lead-endpoint.ts).
 */
import type { Config } from '@netlify/functions';
import { ENQUIRY } from '../src/lib/leads/index.ts';
import { leadEndpoint } from './_lib/lead-endpoint.ts';

export default leadEndpoint(ENQUIRY, { publicCreate: true });

// No `method` filter: other methods must reach the handler to get 405 with Allow.
// The rate limit covers the admin list too; 30 a minute per client is ample for paging.
export const config: Config = {
  path: ['/api/enquiries', '/api/enquiries/:id', '/api/enquiries/:id/notes'],
  rateLimit: { windowLimit: 30, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
