/**
 * GET /api/insights?days=7|30|90|84 (admin): the visits of the period, day by day, and its totals
 * (`visitors` is the sum of each day's unique visitors). The lead side of the Insights room is
 * still to come (issue 37, item 5).
 */
import type { Config } from '@netlify/functions';
import { admin } from './_lib/auth.ts';
import { dispatch, endpoint, json, type Handler } from './_lib/http.ts';
import { lastDays, readInsights } from './_lib/visits/insights.ts';
import { periodDays } from './_lib/visits/period.ts';

export function insightsHandler(clock: () => number = () => Date.now()): Handler {
  return admin(async (req) => {
    const days = periodDays(req);
    const now = clock();
    const visits = await readInsights(lastDays(days, now), now);
    return json({ days, visits }, 200, { 'cache-control': 'no-store' });
  });
}

const read = insightsHandler();

export default endpoint((req, context) => dispatch(req, context, { GET: read }));

export const config: Config = {
  path: '/api/insights',
};
