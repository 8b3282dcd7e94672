/**
 * How long leads are kept: RETENTION_MONTHS (default 24). The privacy policy page reads it at
 * build time and the scheduled purge at run time, so on Netlify it must be set in both the
 * build and the functions scopes. It imports only env.ts, so the build can use it without
 * pulling in storage.
 */
import { readPositiveInt } from './env.ts';

export const DEFAULT_RETENTION_MONTHS = 24;

export function retentionMonths(): number {
  return readPositiveInt('RETENTION_MONTHS', DEFAULT_RETENTION_MONTHS);
}
