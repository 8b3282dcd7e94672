/**
 * Scheduled every 10 minutes (no HTTP path): rolls the visit beacon's raw events up into bucket
 * and day totals, and deletes what is no longer kept (_lib/visits/rollup.ts). Logs one line of
 * counts; a storage fault answers 503 and the next run carries on from what is stored.
 */
import type { Config } from '@netlify/functions';
import type { FunctionContext } from './_lib/http.ts';
import { StorageUnavailableError, withRequestScope } from './_lib/repositories/store.ts';
import { rollUp } from './_lib/visits/rollup.ts';

/** Storage time for one run: Netlify stops a scheduled function after 30 s. */
export const ROLLUP_DEADLINE_MS = 25_000;

export default async (
  _req: Request,
  context?: Pick<FunctionContext, 'deploy'>,
): Promise<Response> => {
  try {
    const report = await withRequestScope(
      context?.deploy,
      () => rollUp(Date.now()),
      ROLLUP_DEADLINE_MS,
    );
    console.log(
      `visits: ${report.buckets} buckets (${report.events} events) and ${report.days} days ` +
        `rolled up, ${report.deleted} old keys deleted${report.left ? '; more next run' : ''}`,
    );
    return new Response(null, { status: 204 });
  } catch (error) {
    if (!(error instanceof StorageUnavailableError)) throw error;
    console.error('visits: storage unavailable; the next run carries on');
    return new Response(null, { status: 503 });
  }
};

export const config: Config = {
  schedule: '*/10 * * * *',
};
