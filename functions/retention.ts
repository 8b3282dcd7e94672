/**
 * Scheduled daily (no HTTP path): deletes the leads retention.ts finds expired and logs one line
 * saying what it removed (ids only). It runs in a request scope like an API call, so its storage
 * has a deadline and it touches only its deploy's own data. A storage fault logs and answers 503;
 * what was deleted before it stays deleted, and the next run carries on.
 */
import type { Config } from '@netlify/functions';
import type { FunctionContext } from './_lib/http.ts';
import { StorageUnavailableError, withRequestScope } from './_lib/repositories/store.ts';
import { purgeExpired, summary } from './_lib/retention.ts';

export default async (
  _req: Request,
  context?: Pick<FunctionContext, 'deploy'>,
): Promise<Response> => {
  try {
    const result = await withRequestScope(context?.deploy, () => purgeExpired());
    console.log(summary(result));
    return new Response(null, { status: 204 });
  } catch (error) {
    if (!(error instanceof StorageUnavailableError)) throw error;
    console.error('retention: storage unavailable; the next run will carry on');
    return new Response(null, { status: 503 });
  }
};

export const config: Config = {
  schedule: '@daily',
};
