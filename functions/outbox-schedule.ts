/**
 * Scheduled every 5 minutes (no HTTP path): sends the outbox's due e-mails (_lib/outbox.ts) and
 * logs one line of counts (never an address). It runs in its deploy's data; a storage fault ends
 * the run with 503, and the next run carries on.
 */
import type { Config } from '@netlify/functions';
import type { FunctionContext } from './_lib/http.ts';
import { deliverDue } from './_lib/outbox.ts';
import { StorageUnavailableError } from './_lib/repositories/store.ts';

export default async (
  _req: Request,
  context?: Pick<FunctionContext, 'deploy'>,
): Promise<Response> => {
  try {
    const report = await deliverDue(context?.deploy);
    console.log(
      `outbox: ${report.sent} sent, ${report.retry} to retry, ${report.failed} given up, ` +
        `${report.removed} old sent entries removed, ${report.left} left for the next run`,
    );
    return new Response(null, { status: 204 });
  } catch (error) {
    if (!(error instanceof StorageUnavailableError)) throw error;
    console.error('outbox: storage unavailable; the next run carries on');
    return new Response(null, { status: 503 });
  }
};

export const config: Config = {
  schedule: '*/5 * * * *',
};
