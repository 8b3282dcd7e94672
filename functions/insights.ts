/**
 * GET /api/insights?days=7|30|90|84 (admin): the numbers of the Insights room in one answer
 * (src/lib/insights.ts): visits and leads by day (by week for 84, 12 weeks), the breakdowns, the
 * enquiry's funnel, the pipeline by source and the speed to lead. The visits come from the
 * rollups; the leads from each lead store's index (lead-facts.ts: bounded, never the records).
 */
import type { Config } from '@netlify/functions';
import type { InsightsAnswer } from '../src/lib/insights.ts';
import { admin } from './_lib/auth.ts';
import { dispatch, endpoint, json, type Handler } from './_lib/http.ts';
import { dayStart } from './_lib/repositories/visits.ts';
import { insightsAnswer } from './_lib/visits/answer.ts';
import { lastDays, readInsights } from './_lib/visits/insights.ts';
import { readLeadFacts } from './_lib/visits/lead-facts.ts';
import { periodDays } from './_lib/visits/period.ts';

/** The period's answer, as of `now`. */
export async function periodInsights(req: Request, now: number): Promise<InsightsAnswer> {
  const days = periodDays(req);
  const range = lastDays(days, now);
  const [visits, leads] = await Promise.all([
    readInsights(range, now),
    readLeadFacts(dayStart(range.from)),
  ]);
  return insightsAnswer(days, range, visits, leads, now);
}

export function insightsHandler(clock: () => number = () => Date.now()): Handler {
  return admin(async (req) =>
    json(await periodInsights(req, clock()), 200, { 'cache-control': 'no-store' }),
  );
}

const read = insightsHandler();

export default endpoint((req, context) => dispatch(req, context, { GET: read }));

export const config: Config = {
  path: '/api/insights',
};
