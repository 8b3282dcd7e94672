/** GET /api/insights.csv?days=7|30|90|84 (admin): the Insights answer as CSV sections. */
import type { Config } from '@netlify/functions';
import { admin } from './_lib/auth.ts';
import { dispatch, endpoint, type Handler } from './_lib/http.ts';
import { insightsCsv } from './_lib/visits/answer-csv.ts';
import { periodInsights } from './insights.ts';

export function insightsCsvHandler(clock: () => number = () => Date.now()): Handler {
  return admin(async (req) => {
    const answer = await periodInsights(req, clock());
    return new Response(insightsCsv(answer), {
      headers: {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': `attachment; filename="insights-${answer.from}-${answer.to}.csv"`,
        'cache-control': 'no-store',
      },
    });
  });
}

const read = insightsCsvHandler();

export default endpoint((req, context) => dispatch(req, context, { GET: read }));

export const config: Config = {
  path: '/api/insights.csv',
};
