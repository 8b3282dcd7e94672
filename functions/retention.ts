/**
 * Scheduled daily (no HTTP path): deletes the leads retention.ts finds expired and logs one line
 * saying what it removed (ids only), then the audit log's records older than 24 months. It runs in a request scope like an API call, so its storage
 * has a deadline (PURGE_DEADLINE_MS, not the API's STORAGE_TIMEOUT_MS: it reads every record) and
 * touches only its deploy's own data. A storage fault logs what was removed before it and answers
 * 503; those deletes stand, and the next run carries on.
 */
import type { Config } from '@netlify/functions';
import { AUDIT_MONTHS, purgeAudit } from './_lib/audit.ts';
import { HELD_DAYS } from '../src/lib/held/index.ts';
import { purgeHeld } from './_lib/held-review.ts';
import type { FunctionContext } from './_lib/http.ts';
import { StorageUnavailableError, withRequestScope } from './_lib/repositories/store.ts';
import {
  cutoffOf,
  purgeExpired,
  retentionMonths,
  summary,
  type PurgedRecord,
} from './_lib/retention.ts';

/** Storage time for one run: Netlify stops a scheduled function after 30 s. */
export const PURGE_DEADLINE_MS = 25_000;

export default async (
  _req: Request,
  context?: Pick<FunctionContext, 'deploy'>,
): Promise<Response> => {
  const removed: PurgedRecord[] = [];
  try {
    const result = await withRequestScope(
      context?.deploy,
      () => purgeExpired({ onRemoved: (record) => removed.push(record) }),
      PURGE_DEADLINE_MS,
    );
    // Held submissions (never leads) go HELD_DAYS after they arrived.
    const held = await withRequestScope(context?.deploy, () => purgeHeld(), PURGE_DEADLINE_MS);
    // The audit log keeps AUDIT_MONTHS (24), whatever RETENTION_MONTHS says of leads.
    const audited = await withRequestScope(
      context?.deploy,
      () => purgeAudit(cutoffOf(Date.now(), AUDIT_MONTHS)),
      PURGE_DEADLINE_MS,
    );
    console.log(
      `${summary(result)}; held submissions: ${held.length} older than ${HELD_DAYS} days ` +
        `deleted; audit log: ${audited} records older than ${AUDIT_MONTHS} months deleted`,
    );
    return new Response(null, { status: 204 });
  } catch (error) {
    if (!(error instanceof StorageUnavailableError)) throw error;
    // What was deleted before the fault stays deleted: say so, the next run carries on.
    const months = retentionMonths();
    const cutoff = new Date(cutoffOf(Date.now(), months)).toISOString();
    console.error(
      `${summary({ dryRun: false, months, cutoff, removed })} (interrupted: storage unavailable)`,
    );
    return new Response(null, { status: 503 });
  }
};

export const config: Config = {
  schedule: '@daily',
};
