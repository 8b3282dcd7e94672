/**
 * Scheduled every 5 minutes (no HTTP path): sends the outbox's due e-mails and deletes old sent
 * ones (_lib/outbox.ts `deliverDue`, each step bounded and with a storage deadline of its own),
 * and logs one line of counts (never an address). It runs in its deploy's data; a step that meets
 * a storage fault is named in the log and the run answers 503 after the other steps ran; the
 * next run carries on.
 */
import type { Config } from '@netlify/functions';
import type { FunctionContext } from './_lib/http.ts';
import { deliverDue } from './_lib/outbox.ts';

export default async (
  _req: Request,
  context?: Pick<FunctionContext, 'deploy'>,
): Promise<Response> => {
  const report = await deliverDue(context?.deploy);
  console.log(
    `outbox: ${report.sent} sent, ${report.retry} to retry, ${report.failed} given up, ` +
      `${report.removed} old sent entries removed, ${report.indexed} older entries indexed, ` +
      `${report.left} left for the next run`,
  );
  if (report.faults.length === 0) return new Response(null, { status: 204 });
  console.error(
    `outbox: storage unavailable in ${report.faults.join(', ')}; the next run carries on`,
  );
  return new Response(null, { status: 503 });
};

export const config: Config = {
  schedule: '*/5 * * * *',
};
