/**
 * The site-wide ceiling on stored visit events, PAGEVIEW_SITE_PER_MINUTE (default 15,000, rounded
 * up to whole blocks of QUOTA_BLOCK), claimed as blocks `q/<minute>/<n>` of the visits store
 * (block-quota.ts).
 */
import { readPositiveInt } from '../env.ts';
import { blockQuota } from '../repositories/block-quota.ts';
import { VISITS_STORE } from '../repositories/visits.ts';

export const QUOTA_BLOCK = 100;

export const sitePerMinute = () => readPositiveInt('PAGEVIEW_SITE_PER_MINUTE', 15_000);

const quota = blockQuota({
  store: VISITS_STORE,
  windowMs: 60_000,
  capacity: sitePerMinute,
  blockSize: QUOTA_BLOCK,
  prefix: (minute) => `q/${minute}/`,
});

/** Takes one event's place of the site's current minute; false when the minute is full. */
export const takeQuota = (now: number): Promise<boolean> => quota.take(now);

/** Forgets the blocks this instance holds (tests: a cold instance). */
export const forgetQuota = (): void => quota.forget();
