/**
 * Netlify's CDN in front of the public announcements read: the only call the home page makes.
 * The CDN keeps the answer for a short while (a traffic spike costs no function calls) under a
 * cache tag, and every change to announcements purges that tag, so an edit shows within seconds.
 * Requests that carry a token (the admin's) are never cached: `Vary: Authorization` keeps them
 * apart from the public copy, and they answer `no-store`.
 */
import { purgeCache } from '@netlify/functions';
import { callBuildHook, type BuildHookUse } from './build-hook.ts';
import { deployScopeOf, readEnv } from './env.ts';
import type { FunctionContext } from './http.ts';

export const ANNOUNCEMENTS_TAG = 'announcements';
const PURGE_TIMEOUT_MS = 2_000;

/** Browsers always revalidate; the CDN serves its copy for 60 s, then a stale one while it refreshes. */
export function publicCacheHeaders(req: Request, tag: string): Record<string, string> {
  if (req.headers.has('authorization')) return { vary: 'Authorization' };
  return {
    'cache-control': 'public, max-age=0, must-revalidate',
    'netlify-cdn-cache-control': 'public, durable, s-maxage=60, stale-while-revalidate=300',
    'netlify-cache-tag': tag,
    vary: 'Authorization',
  };
}

/**
 * Purges the CDN's copies tagged `tag` on Netlify deploys (locally there is no CDN). Never
 * fails the write that called it: at worst the old copy lives until its s-maxage ends.
 */
export async function purgeTag(tag: string, context: FunctionContext): Promise<void> {
  if (deployScopeOf(context.deploy?.context) === 'local') return;
  const apiURL = readEnv('NETLIFY_API_URL');
  try {
    await Promise.race([
      purgeCache({ tags: [tag], ...(apiURL ? { apiURL } : {}) }),
      new Promise((_, reject) =>
        setTimeout(() => reject(new Error('timed out')), PURGE_TIMEOUT_MS).unref(),
      ),
    ]);
  } catch (error) {
    console.error(`CDN purge of "${tag}" failed:`, error instanceof Error ? error.message : error);
  }
}

/**
 * After an announcement is created, replaced or deleted (the write is done): purges the CDN's
 * copy of the list, and asks for a new deploy through the build hook so the home page's HTML
 * carries the new list (until it is live, the page's freshness check shows it). The hook call
 * never fails or holds up the admin's write: it runs after the response where the platform
 * allows (`waitUntil`), within the hook's time-out (functions/_lib/build-hook.ts), and a failure is logged.
 */
export async function announcementsChanged(context: FunctionContext): Promise<void> {
  const rebuilding = requestRebuild(context);
  if (context.waitUntil) context.waitUntil(rebuilding);
  await purgeTag(ANNOUNCEMENTS_TAG, context);
  if (!context.waitUntil) await rebuilding;
}

/** The announcements' use of the build hook (functions/_lib/build-hook.ts). */
const ANNOUNCEMENTS_HOOK: BuildHookUse = {
  variable: 'ANNOUNCEMENTS_BUILD_HOOK',
  title: 'Announcements changed in the admin',
  name: 'announcements',
  skipped: (why) =>
    `Announcements changed; no new deploy requested (${why}): the home page shows the change through its freshness check.`,
};

/**
 * Calls ANNOUNCEMENTS_BUILD_HOOK on production only (a local run's home page shows changes
 * through its freshness check). Never rejects.
 */
export async function requestRebuild(context: FunctionContext): Promise<void> {
  await callBuildHook(ANNOUNCEMENTS_HOOK, context);
}
