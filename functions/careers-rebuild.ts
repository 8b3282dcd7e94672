/**
 * Scheduled daily, just after midnight in Kochi (18:35 UTC; no HTTP path): asks Netlify for a
 * new production deploy through CAREERS_BUILD_HOOK, so that an opening whose closing day has
 * ended leaves the careers pages and its address starts answering 410 (the build decides both:
 * src/integrations/openings-gone.ts). Without the variable, or anywhere but production, it logs
 * one line and does nothing (functions/_lib/build-hook.ts).
 */
import type { Config } from '@netlify/functions';
import { callBuildHook, type BuildHookUse } from './_lib/build-hook.ts';
import type { FunctionContext } from './_lib/http.ts';

export const CAREERS_HOOK: BuildHookUse = {
  variable: 'CAREERS_BUILD_HOOK',
  title: 'Daily rebuild: job openings that closed',
  name: 'the careers pages',
  skipped: (why) =>
    `Careers: no daily rebuild requested (${why}); closed openings stay listed until the next deploy.`,
};

export default async (
  _req: Request,
  context?: Pick<FunctionContext, 'deploy'>,
): Promise<Response> => {
  const outcome = await callBuildHook(CAREERS_HOOK, context);
  return new Response(null, { status: outcome === 'failed' ? 502 : 204 });
};

export const config: Config = {
  // 00:05 in Asia/Kolkata (UTC+05:30, no daylight saving): the first minutes of a new day there.
  schedule: '35 18 * * *',
};
