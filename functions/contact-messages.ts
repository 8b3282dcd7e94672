/**
 * /api/contact-messages (admin): stored contact messages, listed, read, followed up (status and
 * notes) and deleted like enquiries (lead-endpoint.ts).
 */
import type { Config } from '@netlify/functions';
import { MESSAGE } from '../src/lib/leads/index.ts';
import { leadEndpoint } from './_lib/lead-endpoint.ts';

export default leadEndpoint(MESSAGE);

export const config: Config = {
  path: ['/api/contact-messages', '/api/contact-messages/:id', '/api/contact-messages/:id/notes'],
};
