/**
 * The Insights answer at scale (issue 37's measure): 12 weeks of rollups holding 1,000,000 views
 * (today live, the 83 days before rolled up) and 10,000 leads in the lead stores' indexes. The
 * answer counts every view and every lead exactly, reads no lead record and lists no store whole,
 * with a bounded number of storage calls; a warm instance reads no finished day again. The times
 * are logged next to the admin's first page of 100 leads, cold and warm: a busy two-core machine
 * cannot promise a time, so only the work is asserted.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import contactFn from '../../../functions/contact.ts';
import enquiriesFn from '../../../functions/enquiries.ts';
import { insightsHandler } from '../../../functions/insights.ts';
import { endpoint } from '../../../functions/_lib/http.ts';
import { forgetLoadedIndexes } from '../../../functions/_lib/repositories/timeline.ts';
import { forgetFinishedDays } from '../../../functions/_lib/visits/insights.ts';
import { DAY_MS, VISITS_STORE, dayOf } from '../../../functions/_lib/repositories/visits.ts';
import type { DayTotals } from '../../../functions/_lib/visits/rollup.ts';
import type { InsightsAnswer } from '../../../src/lib/insights.ts';
import { call, createdId, makeToken, useBlobs, type FunctionHandler } from '../helpers.ts';
import { validContact, validEnquiry } from '../samples.ts';
import { seedLeads } from '../seed-leads.ts';
import { seedStore } from '../seed-store.ts';
import { coldInstance } from './visit-kit.ts';

const blobs = useBlobs();
beforeEach(coldInstance);

const VIEWS = 1_000_000;
const DAYS = 84;
const NOW = Date.now();
const handler = endpoint(insightsHandler(() => NOW)) as FunctionHandler;

const PAGES = Array.from({ length: 160 }, (_, i) => `/page-${i}/`);
const REFERRERS = Array.from({ length: 30 }, (_, i) => `site-${i}.example`);
const COUNTRIES = Array.from(
  { length: 40 },
  (_, i) => `C${String.fromCharCode(65 + (i % 26))}${i}`,
);

/** Splits `total` over `names`, the first taking the most: the parts add up exactly. */
function spread(total: number, names: readonly string[]): Record<string, number> {
  const weights = names.map((_, i) => 1 / (i + 1));
  const sum = weights.reduce((a, b) => a + b, 0);
  const parts = weights.map((weight) => Math.floor((total * weight) / sum));
  parts[0]! += total - parts.reduce((a, b) => a + b, 0);
  return Object.fromEntries(names.map((name, i) => [name, parts[i]!]));
}

function dayTotals(views: number): DayTotals {
  return {
    views,
    visitors: Math.round(views * 0.6),
    pages: spread(views, PAGES),
    langs: spread(views, ['en', 'ml', 'ar']),
    referrers: spread(Math.round(views / 3), REFERRERS),
    campaigns: spread(Math.round(views / 20), ['["news","email","spring"]', '["li",null,null]']),
    devices: spread(views, ['mobile', 'desktop', 'tablet']),
    countries: spread(views, COUNTRIES),
    steps: { '1': 400, '2': 300, '3': 200, '4': 150, sent: 120 },
  };
}

/** Every day of the 12 weeks rolled up, `VIEWS` in all. */
async function seedRollups(): Promise<void> {
  const perDay = spread(
    VIEWS,
    Array.from({ length: DAYS }, (_, i) => String(i)),
  );
  await seedStore(
    blobs,
    VISITS_STORE,
    Array.from({ length: DAYS }, (_, i) => ({
      key: `d/${dayOf(NOW - i * DAY_MS)}`,
      value: dayTotals(perDay[String(i)]!),
    })),
  );
}

/** `count` leads of each kind after one made through the API (their index's first record). */
async function seedKinds(enquiries: number, messages: number): Promise<void> {
  const token = await makeToken();
  await createdId(await call(enquiriesFn, { path: '/api/enquiries', json: validEnquiry() }));
  await createdId(await call(contactFn, { path: '/api/contact', json: validContact() }));
  expect((await call(enquiriesFn, { path: '/api/enquiries', token })).status).toBe(200);
  const { default: messagesFn } = await import('../../../functions/contact-messages.ts');
  expect((await call(messagesFn, { path: '/api/contact-messages', token })).status).toBe(200);
  const endingAt = NOW - 2 * DAY_MS;
  if (enquiries > 1) await seedLeads(blobs, 'enquiries', enquiries - 1, { endingAt });
  if (messages > 1) await seedLeads(blobs, 'contact-messages', messages - 1, { endingAt });
}

/** The median of `runs` timings of `request` (each on a cold instance, or all on one warm one). */
async function timed(request: () => Promise<Response>, { cold = true, runs = 5 } = {}) {
  const times: number[] = [];
  let last: Response | undefined;
  for (let run = 0; run < runs; run++) {
    if (cold) {
      forgetLoadedIndexes();
      forgetFinishedDays();
    }
    const started = performance.now();
    last = await request();
    times.push(performance.now() - started);
    expect(last.status).toBe(200);
  }
  times.sort((a, b) => a - b);
  return { ms: times[Math.floor(runs / 2)]!, answer: last! };
}

const measured: Record<string, number> = {};

describe('the Insights answer at 1,000,000 views and 10,000 leads', () => {
  it('counts every view and lead of 12 weeks, reading no record and no whole store', async () => {
    await seedRollups();
    await seedKinds(7_000, 3_000);
    const token = await makeToken();
    const insights = () => call(handler, { path: '/api/insights?days=84', token });
    blobs.resetOps();
    const { ms, answer } = await timed(insights);
    const body = (await answer.json()) as InsightsAnswer;
    expect(body.total.visits).toBe(VIEWS);
    expect(body.series).toHaveLength(12);
    expect(body.series.reduce((sum, week) => sum + week.visits, 0)).toBe(VIEWS);
    expect(body.leadsRead).toMatchObject({ count: 10_000, capped: false, pending: 0 });
    expect(body.pages[0]!.visits).toBeGreaterThan(0);
    const ops = blobs.ops;
    expect(ops.filter((op) => op.type === 'list' && !op.url.includes('prefix='))).toHaveLength(0);
    // Per run: 84 day totals, each kind's index (head and chunks): no lead record.
    expect(ops.length / 5).toBeLessThan(84 + 2 * 30);
    measured['insights cold'] = ms;

    await insights(); // Warms the instance.
    blobs.resetOps();
    const warm = await timed(insights, { cold: false });
    const warmBody = (await warm.answer.json()) as InsightsAnswer;
    expect(warmBody.total.visits).toBe(VIEWS);
    expect(warmBody.leadsRead.count).toBe(10_000);
    // No finished day read again: today's listings and each index's check for changes only.
    expect(blobs.ops.filter((op) => op.type === 'get' && op.url.includes('/d%2F'))).toHaveLength(0);
    expect(blobs.ops.filter((op) => op.type === 'get' && op.url.includes('/d/'))).toHaveLength(0);
    measured['insights warm'] = warm.ms;
  });

  it("is timed next to the admin's first page of 100 leads", async () => {
    await seedKinds(100, 1);
    const token = await makeToken();
    const list = () => call(enquiriesFn, { path: '/api/enquiries', token });
    const cold = await timed(list);
    await list();
    const warm = await timed(list, { cold: false });
    const line = (state: 'cold' | 'warm', page: number) => {
      const insights = measured[`insights ${state}`]!;
      return `${state}: insights ${insights.toFixed(0)} ms, first page ${page.toFixed(0)} ms, ratio ${(insights / page).toFixed(2)}`;
    };
    console.log(
      'Insights of 84 days (1,000,000 views, 10,000 leads) vs the first page of 100 leads, median of 5: ' +
        `${line('cold', cold.ms)}; ${line('warm', warm.ms)}`,
    );
    expect(cold.ms).toBeGreaterThan(0);
  });
});
