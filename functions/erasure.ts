/**
 * /api/erasure (admin): one person's records of every kind of lead, previewed, then deleted
 * (_lib/erasure.ts).
 */
import type { Config } from '@netlify/functions';
import { LEAD_KINDS } from '../src/lib/leads/index.ts';
import { erasureEndpoint } from './_lib/erasure.ts';

export default erasureEndpoint(LEAD_KINDS);

export const config: Config = {
  path: '/api/erasure',
};
