/** GET /api/insights (admin): the period's visits; 401 without a token, 400 for another period. */
import { beforeEach, describe, expect, it } from 'vitest';
import { insightsHandler } from '../../../functions/insights.ts';
import { endpoint } from '../../../functions/_lib/http.ts';
import type { InsightsAnswer } from '../../../src/lib/insights.ts';
import { call, makeToken, useBlobs, type FunctionHandler } from '../helpers.ts';
import {
  CHROME,
  DAY,
  FIREFOX,
  T0,
  clockAt,
  coldInstance,
  sendVisit,
  viewBody,
} from './visit-kit.ts';

useBlobs();
beforeEach(coldInstance);

const clock = clockAt(T0);
const handler = endpoint(insightsHandler(clock)) as FunctionHandler;
const get = async (query: string, token?: string) =>
  call(handler, { path: `/api/insights${query}`, ...(token !== undefined && { token }) });

describe('GET /api/insights', () => {
  it('answers 401 without a token', async () => {
    expect((await get('?days=7')).status).toBe(401);
  });

  it('answers 400 with a message for any other period', async () => {
    const token = await makeToken();
    for (const query of ['', '?days=8', '?days=7.0', '?days=abc', '?days=365']) {
      const res = await get(query, token);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: string }).error).toMatch(/7, 30 or 90/);
    }
  });

  it("counts the period's views and unique visitors, day by day", async () => {
    clock.now = T0 - DAY;
    await sendVisit(clock, viewBody(), { ip: '198.51.100.1', ua: CHROME });
    clock.now = T0;
    await sendVisit(clock, viewBody(), { ip: '198.51.100.1', ua: CHROME });
    await sendVisit(clock, viewBody({ path: '/' }), { ip: '198.51.100.1', ua: CHROME });
    await sendVisit(clock, viewBody(), { ip: '198.51.100.2', ua: FIREFOX });
    const res = await get('?days=7', await makeToken());
    expect(res.status).toBe(200);
    const body = (await res.json()) as InsightsAnswer;
    expect(body.days).toBe(7);
    expect(body.series).toHaveLength(7);
    expect(body.series.at(-1)).toMatchObject({
      start: '2026-03-10',
      visits: 3,
      uniqueVisitorsSummedPerDay: 2,
    });
    expect(body.series.at(-2)).toMatchObject({
      start: '2026-03-09',
      visits: 1,
      uniqueVisitorsSummedPerDay: 1,
    });
    expect(body.total).toMatchObject({ visits: 4, uniqueVisitorsSummedPerDay: 3 });
  });
});
