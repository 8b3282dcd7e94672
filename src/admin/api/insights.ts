/** The Insights room's data: GET /api/insights (one request per period) and its CSV. */
import type { InsightDays, InsightsAnswer } from '../../lib/insights';
import { INSIGHTS_API, INSIGHTS_CSV_API } from '../../lib/insights';
import { ApiError, jsonOf, listFailed, send } from './client';

export async function readInsights(days: InsightDays): Promise<InsightsAnswer> {
  const failed = listFailed('the insights');
  const response = await send(`${INSIGHTS_API}?days=${days}`, { kind: 'read', failed });
  const body = await jsonOf<InsightsAnswer | null>(response, failed);
  if (!Array.isArray(body?.series))
    throw new ApiError(
      failed({ status: response.status, detail: 'not insights' }),
      response.status,
    );
  return body;
}

export async function downloadInsightsCsv(
  days: InsightDays,
): Promise<{ blob: Blob; filename: string }> {
  const failed = listFailed('the insights CSV');
  const response = await send(`${INSIGHTS_CSV_API}?days=${days}`, { kind: 'read', failed });
  const disposition = response.headers.get('content-disposition') ?? '';
  const filename = /filename="?([^";]+)"?/.exec(disposition)?.[1] ?? 'insights.csv';
  return { blob: await response.blob(), filename };
}
