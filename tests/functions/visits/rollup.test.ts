/**
 * The rollup of raw visit events: bucket and day totals equal the events sent, two rollups at
 * once count each event once, a missed run or day is caught up by the next, raw events go after
 * 48 hours and only once counted, and `readInsights` reads day totals plus today's raw events.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { dayOf } from '../../../functions/_lib/repositories/visits.ts';
import { useBlobs } from '../helpers.ts';
import {
  DAY,
  FIREFOX,
  HOUR,
  T0,
  clockAt,
  coldInstance,
  insights,
  runRollup,
  sendVisit,
  storedKeys,
  viewBody,
  type Clock,
} from './visit-kit.ts';

useBlobs();

beforeEach(coldInstance);

/** `count` views from `visitors` addresses over the hours after the clock's time, and 3 steps. */
async function aDayOfVisits(clock: Clock, count: number, visitors: number): Promise<void> {
  const start = clock.now;
  for (let i = 0; i < count; i++) {
    clock.now = start + Math.floor((i * 8 * HOUR) / count);
    const page = i % 3 === 0 ? '/' : '/ml/about/';
    await sendVisit(clock, viewBody({ path: page, lang: page === '/' ? 'en' : 'ml' }), {
      ip: `198.51.100.${i % visitors}`,
    });
  }
  for (const step of ['1', '2', 'sent']) await sendVisit(clock, { step, lang: 'en' });
  clock.now = start;
}

describe('the visits rollup', () => {
  it('rolls a day up into totals equal to what was sent, unique visitors included', async () => {
    const clock = clockAt(T0);
    await aDayOfVisits(clock, 30, 7);
    await sendVisit(clock, viewBody({ ref: 'search.example', utm: { source: 'mail' } }), {
      ua: FIREFOX,
      country: 'AE',
    });
    const report = await runRollup(T0 + DAY);
    expect(report.buckets).toBeGreaterThan(1);
    expect(report.days).toBe(1);
    const { days, total } = await insights({ from: dayOf(T0), to: dayOf(T0) }, T0 + DAY);
    expect(days).toHaveLength(1);
    expect(total).toEqual({
      views: 31,
      visitors: 8,
      pages: { '/': 10, '/ml/about/': 20, '/renewable-energy/': 1 },
      langs: { en: 11, ml: 20 },
      referrers: { 'search.example': 1 },
      campaigns: { '["mail",null,null]': 1 },
      devices: { desktop: 31 },
      countries: { AE: 1 },
      steps: { '1': 1, '2': 1, sent: 1 },
    });
    // The day's totals are one read from now on.
    expect(await storedKeys('d/')).toEqual([`d/${dayOf(T0)}`]);
  });

  it('counts each event once when two rollups run at once', async () => {
    const clock = clockAt(T0);
    await aDayOfVisits(clock, 40, 9);
    const now = T0 + DAY;
    const reports = await Promise.all([runRollup(now), runRollup(now), runRollup(now)]);
    // Each bucket's and the day's totals were written by one of them only.
    const buckets = (await storedKeys(`r/${dayOf(T0)}/`)).length;
    expect(reports.reduce((sum, report) => sum + report.buckets, 0)).toBe(buckets);
    expect(reports.reduce((sum, report) => sum + report.days, 0)).toBe(1);
    expect(reports.reduce((sum, report) => sum + report.events, 0)).toBe(43);
    const { total } = await insights({ from: dayOf(T0), to: dayOf(T0) }, now);
    expect(total.views).toBe(40);
    expect(total.visitors).toBe(9);
    expect(total.steps).toEqual({ '1': 1, '2': 1, sent: 1 });
    // And running again adds nothing.
    await runRollup(now + HOUR);
    expect((await insights({ from: dayOf(T0), to: dayOf(T0) }, now + HOUR)).total.views).toBe(40);
  });

  it('catches up two missed days in the next run', async () => {
    const clock = clockAt(T0);
    await aDayOfVisits(clock, 6, 2);
    clock.now = T0 + DAY;
    await aDayOfVisits(clock, 9, 3);
    const now = T0 + 2 * DAY + HOUR;
    const report = await runRollup(now);
    expect(report.days).toBe(2);
    const { days } = await insights({ from: dayOf(T0), to: dayOf(now) }, now);
    expect(days.map((day) => [day.day, day.views, day.visitors])).toEqual([
      ['2026-03-10', 6, 2],
      ['2026-03-11', 9, 3],
      ['2026-03-12', 0, 0],
    ]);
  });

  it('counts no open bucket: the current five minutes wait for the next run', async () => {
    const clock = clockAt(T0 + 60_000);
    await sendVisit(clock, viewBody());
    const report = await runRollup(T0 + 4 * 60_000);
    expect(report.buckets).toBe(0);
    expect(await storedKeys('r/')).toEqual([]);
    // Yet the reader sees it, from the raw events of today.
    const { total } = await insights({ from: dayOf(T0), to: dayOf(T0) }, T0 + 4 * 60_000);
    expect(total.views).toBe(1);
    expect(total.visitors).toBe(1);
  });

  it("reads day totals plus today's raw events, rolled or not", async () => {
    const clock = clockAt(T0 - DAY);
    await aDayOfVisits(clock, 5, 5);
    clock.now = T0;
    await aDayOfVisits(clock, 4, 1);
    await runRollup(T0 + 2 * HOUR); // Yesterday whole, today's first hours.
    clock.now = T0 + 3 * HOUR;
    await sendVisit(clock, viewBody(), { ip: '192.0.2.200' });
    const { days, total } = await insights({ from: dayOf(T0 - DAY), to: dayOf(T0) }, T0 + 3 * HOUR);
    expect(days.map((day) => [day.views, day.visitors])).toEqual([
      [5, 5],
      [5, 2],
    ]);
    expect(total.views).toBe(10);
    expect(total.visitors).toBe(7);
  });

  it('deletes raw events, first views and bucket totals after 48 hours, and keeps the day totals', async () => {
    const clock = clockAt(T0);
    await aDayOfVisits(clock, 6, 3);
    await runRollup(T0 + DAY);
    expect((await storedKeys('e/')).length).toBe(9);
    await runRollup(T0 + 2 * DAY);
    expect((await storedKeys('e/')).length).toBeGreaterThan(0); // Not yet 48 h for all.
    const report = await runRollup(T0 + 3 * DAY + HOUR);
    expect(report.deleted).toBeGreaterThan(9);
    expect(await storedKeys('e/')).toEqual([]);
    expect(await storedKeys('f/')).toEqual([]);
    expect(await storedKeys('r/')).toEqual([]);
    const { total } = await insights({ from: dayOf(T0), to: dayOf(T0) }, T0 + 3 * DAY + HOUR);
    expect(total.views).toBe(6);
    expect(total.visitors).toBe(3);
  });
});
