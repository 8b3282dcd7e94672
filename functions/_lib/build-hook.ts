/**
 * Asking Netlify for a new production deploy through a build hook (a URL made in Netlify's UI,
 * _Project configuration → Build & deploy → Build hooks_), for pages whose HTML carries data that
 * changes without a push: the home page's announcements (functions/_lib/cdn.ts) and the careers
 * pages' openings, which close with the calendar (functions/careers-rebuild.ts).
 * Called on production only: a deploy preview's or branch deploy's data belongs to its deploy
 * (storage's `dataScope`), so a rebuilt preview would start with an empty store; a local run has
 * nothing to deploy. Where it is not called, one line is logged instead. Never rejects.
 */
import { deployScopeOf, readEnv } from './env.ts';
import type { FunctionContext } from './http.ts';

/** How long the build hook may take to answer: Netlify queues the build and answers at once. */
export const BUILD_HOOK_TIMEOUT_MS = 3_000;

export interface BuildHookUse {
  /** The variable holding the hook's URL, e.g. CAREERS_BUILD_HOOK. */
  variable: string;
  /** The deploy's title in Netlify's deploy list (`trigger_title`). */
  title: string;
  /** What the hook is for, in the failure line: "Build hook for <name> failed". */
  name: string;
  /** The line logged when it is not called, given why. */
  skipped: (why: string) => string;
}

/** What happened: the hook answered 2xx, was not called (`skipped`), or failed (logged). */
export type BuildHookOutcome = 'requested' | 'skipped' | 'failed';

export async function callBuildHook(
  use: BuildHookUse,
  context: Pick<FunctionContext, 'deploy'> | undefined,
): Promise<BuildHookOutcome> {
  const scope = deployScopeOf(context?.deploy?.context);
  const hook = readEnv(use.variable);
  if (scope !== 'production' || !hook) {
    const why =
      scope !== 'production' ? `a ${scope} run is not rebuilt` : `${use.variable} is not set`;
    console.info(use.skipped(why));
    return 'skipped';
  }
  try {
    const url = new URL(hook);
    url.searchParams.set('trigger_title', use.title);
    const response = await fetch(url, {
      method: 'POST',
      body: '{}',
      headers: { 'content-type': 'application/json' },
      redirect: 'error',
      signal: AbortSignal.timeout(BUILD_HOOK_TIMEOUT_MS),
    });
    await response.body?.cancel();
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    return 'requested';
  } catch (error) {
    console.error(
      `Build hook for ${use.name} failed:`,
      error instanceof Error ? error.message : error,
    );
    return 'failed';
  }
}
