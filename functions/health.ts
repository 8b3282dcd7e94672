/**
 * GET /api/health: 200 `{ ok: true, storage: "ok" }` when Blobs answers, else 503.
 */
import type { Config } from '@netlify/functions';
import { dispatch, endpoint, json } from './_lib/http.ts';
import { probeStorage } from './_lib/repositories/health.ts';
import { StorageUnavailableError } from './_lib/repositories/store.ts';

export default endpoint((req, context) =>
  dispatch(req, context, {
    GET: async () => {
      try {
        await probeStorage();
        return json({ ok: true, storage: 'ok' });
      } catch (error) {
        if (!(error instanceof StorageUnavailableError)) throw error;
        return json({ ok: false, storage: 'unavailable' }, 503);
      }
    },
  }),
);

export const config: Config = {
  path: '/api/health',
};
