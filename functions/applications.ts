/**
 * /api/applications: the public create of a job application (multipart, with the CV in `cv`;
 * JSON is refused with 415) and the admin's list, read, follow-up, delete and CV download
 * (lead-endpoint.ts, file-download.ts).
 */
import type { Config } from '@netlify/functions';
import { APPLICATION } from '../src/lib/leads/index.ts';
import { leadEndpoint } from './_lib/lead-endpoint.ts';

export default leadEndpoint(APPLICATION, { publicCreate: true });

// No `method` filter: other methods must reach the handler to get 405 with Allow.
export const config: Config = {
  path: [
    '/api/applications',
    '/api/applications/parts',
    '/api/applications/:id',
    '/api/applications/:id/notes',
    '/api/applications/:id/cv',
  ],
  rateLimit: { windowLimit: 30, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
