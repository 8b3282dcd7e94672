/**
 * Scheduled hourly (no HTTP path): deletes the same-text rule's sendings of past hours
 * (repositories/same-text.ts, bounded a run), the held ceiling's blocks of past hours
 * (repositories/held-quota.ts, bounded a run), the CV parts older than the last hour with the
 * parts' past hours of site-wide blocks and per-address places (repositories/cv-parts.ts,
 * cv-part-senders.ts, bounded a run) and the spent proofs of expired challenges
 * (proof-of-work.ts `sweepSpentProofs`, bounded a run), and once a day queues the office's line "N held
 * submissions to review" (held-review.ts `heldDigest`; the outbox keys it by the day, so the
 * first run of a day queues it and the others find it queued). A storage fault answers 503; the
 * next run carries on.
 */
import type { Config } from '@netlify/functions';
import type { FunctionContext } from './_lib/http.ts';
import { heldDigest } from './_lib/held-review.ts';
import { sweepSpentProofs } from './_lib/proof-of-work.ts';
import { StorageUnavailableError, withRequestScope } from './_lib/repositories/store.ts';
import { sweepSameText } from './_lib/repositories/same-text.ts';
import { sweepHeldQuota } from './_lib/repositories/held-quota.ts';
import { sweepCvParts } from './_lib/repositories/cv-parts.ts';

/** Storage time for one run: Netlify stops a scheduled function after 30 s. */
export const UPKEEP_DEADLINE_MS = 25_000;

export default async (
  _req: Request,
  context?: Pick<FunctionContext, 'deploy'>,
  now = Date.now(),
): Promise<Response> => {
  try {
    const { swept, spent, held } = await withRequestScope(
      context?.deploy,
      async () => ({
        swept: (await sweepSameText(now)) + (await sweepHeldQuota(now)) + (await sweepCvParts(now)),
        spent: await sweepSpentProofs(now),
        held: await heldDigest(context?.deploy?.context, now),
      }),
      UPKEEP_DEADLINE_MS,
    );
    console.log(
      `spam: ${swept} old same-text sendings and held-ceiling blocks and ${spent} spent proofs deleted; ${held} held submissions`,
    );
    return new Response(null, { status: 204 });
  } catch (error) {
    if (!(error instanceof StorageUnavailableError)) throw error;
    console.error('spam: storage unavailable; the next run carries on');
    return new Response(null, { status: 503 });
  }
};

export const config: Config = {
  schedule: '@hourly',
};
