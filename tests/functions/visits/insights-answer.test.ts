/**
 * GET /api/insights and /api/insights.csv on a small seeded period: visits and funnel steps sent
 * through the beacon's handler, leads (with sources) stored in the lead stores at set times, then
 * status changes and notes. The lead side reads each store's index only, at most a cap of leads.
 */
import * as v from 'valibot';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { insightsCsvHandler } from '../../../functions/insights-csv.ts';
import { insightsHandler } from '../../../functions/insights.ts';
import { endpoint } from '../../../functions/_lib/http.ts';
import { withStatus } from '../../../functions/_lib/repositories/follow-up.ts';
import { withRequestScope } from '../../../functions/_lib/repositories/store.ts';
import { leadTimeline } from '../../../functions/_lib/repositories/timeline.ts';
import { readLeadFacts } from '../../../functions/_lib/visits/lead-facts.ts';
import type { InsightsAnswer } from '../../../src/lib/insights.ts';
import { ENQUIRY, MESSAGE, type AnyLeadKind } from '../../../src/lib/leads/index.ts';
import { EnquirySchema, type Status } from '../../../src/lib/schemas/index.ts';
import { call, makeToken, useBlobs, type FunctionHandler } from '../helpers.ts';
import { validContact, validEnquiry } from '../samples.ts';
import { DAY, HOUR, T0, clockAt, coldInstance, sendVisit, viewBody } from './visit-kit.ts';

const blobs = useBlobs();
beforeEach(coldInstance);
afterEach(() => {
  vi.useRealTimers();
});

const MINUTE = 60_000;
const WEEK = 7 * DAY;
const clock = clockAt(T0);
/**
 * Each test's Tuesday (a week after the last test's): ids never go back in time within an
 * instance, so each test stores its leads after the last test's.
 */
let tuesday = T0 - WEEK;
beforeEach(() => {
  tuesday += WEEK;
  clock.now = tuesday;
  // Ids carry their time and never go back within an instance: every id (a lead's, an audit
  // entry's) is made on the test's clock.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(tuesday);
});
const dayAt = (at: number) => new Date(at).toISOString().slice(0, 10);
const json = endpoint(insightsHandler(clock)) as FunctionHandler;
const csv = endpoint(insightsCsvHandler(clock)) as FunctionHandler;
const get = async (handler: FunctionHandler, path: string, token?: string) =>
  call(handler, { path, ...(token !== undefined && { token }) });

const scoped = <T>(work: () => Promise<T>) => withRequestScope(undefined, work, 60_000);

/** Stores a lead as if it came in at `at` (its id carries the time). */
async function storeLead(at: number, data: Record<string, unknown>, kind: AnyLeadKind = ENQUIRY) {
  vi.setSystemTime(at);
  try {
    const record = await scoped(() => leadTimeline(kind).create(data as never));
    return (record as { _id: string })._id;
  } finally {
    vi.setSystemTime(clock.now);
  }
}

const enquiry = (source: Record<string, string>, name = 'Asha Menon') => ({
  ...v.parse(EnquirySchema, validEnquiry({ fullName: name })),
  lang: 'en',
  source,
});

const setStatus = (id: string, status: Status, at: number) =>
  scoped(() =>
    leadTimeline(ENQUIRY).edit(id, (current) => withStatus(current, status, new Date(at))),
  );

const addNote = (id: string, at: number) =>
  scoped(() =>
    leadTimeline(ENQUIRY).edit(id, (current) => ({
      ...current,
      notes: [...current.notes, { text: 'Called back.', at: new Date(at).toISOString() }],
    })),
  );

/**
 * On the day of `tuesday` (a Tuesday, 14:30 in the office): four views (two from google.com, one of a
 * spring campaign), the funnel 1:4, 2:3, 3:2, 4:1, sent:1; four enquiries and a message.
 */
async function seed() {
  const message = await storeLead(
    tuesday - 27 * HOUR,
    { ...validContact({ name: 'Lata' }), lang: 'ml', source: { landing: '/ml/' } },
    MESSAGE,
  );
  // Monday 07:00 UTC (12:30 in the office): New for more than a working day on Tuesday.
  const waiting = await storeLead(tuesday - 26 * HOUR, enquiry({}, 'Ravi Kumar'));
  // Monday 13:00 UTC: not yet a working day.
  await storeLead(tuesday - 20 * HOUR, enquiry({}, 'Meera Nair'));
  const fromSpring = await storeLead(
    tuesday - 4 * HOUR,
    enquiry({ landing: '/', campaign: 'spring' }),
  );
  const fromGoogle = await storeLead(
    tuesday - 2 * HOUR,
    enquiry({ landing: '/renewable-energy/', referrer: 'google.com', page: '/contact/' }),
  );
  await addNote(fromSpring, tuesday - 2 * HOUR);
  await setStatus(fromSpring, 'Won', tuesday - HOUR);
  await setStatus(fromGoogle, 'Contacted', tuesday - 2 * HOUR + 30 * MINUTE);
  await setStatus(fromGoogle, 'Qualified', tuesday - HOUR);
  clock.now = tuesday - 3 * HOUR;
  const google = { headers: {}, ip: '198.51.100.1' };
  await sendVisit(clock, viewBody({ ref: 'google.com' }), google);
  await sendVisit(clock, viewBody({ ref: 'google.com', path: '/contact/' }), google);
  await sendVisit(clock, viewBody({ path: '/', utm: { source: 'news', campaign: 'spring' } }), {
    ip: '198.51.100.2',
  });
  await sendVisit(clock, viewBody({ path: '/ml/', lang: 'ml' }), { ip: '198.51.100.3' });
  for (const [step, times] of [
    ['1', 4],
    ['2', 3],
    ['3', 2],
    ['4', 1],
    ['sent', 1],
  ] as const) {
    for (let i = 0; i < times; i++) await sendVisit(clock, { step, lang: 'en' });
  }
  clock.now = tuesday;
  return { fromGoogle, fromSpring, waiting, message };
}

const answerOf = async (days = 7) => {
  vi.setSystemTime(clock.now);
  const res = await get(json, `/api/insights?days=${days}`, await makeToken());
  expect(res.status).toBe(200);
  return (await res.json()) as InsightsAnswer;
};

describe('GET /api/insights: the numbers', () => {
  it('answers 401 without a token and 400 for another period (both answers)', async () => {
    expect((await get(json, '/api/insights?days=7')).status).toBe(401);
    expect((await get(csv, '/api/insights.csv?days=7')).status).toBe(401);
    const token = await makeToken();
    expect((await get(csv, '/api/insights.csv?days=14', token)).status).toBe(400);
    expect((await get(json, '/api/insights?days=1', token)).status).toBe(400);
  });

  it('counts visits, leads and conversion, and breaks them down by page, source and language', async () => {
    await seed();
    const answer = await answerOf();
    expect(answer.unit).toBe('day');
    expect(answer.series).toHaveLength(7);
    expect(answer.series.at(-1)).toEqual({
      start: dayAt(tuesday),
      visits: 4,
      uniqueVisitorsSummedPerDay: 3,
      leads: 2,
      conversion: 0.5,
    });
    expect(answer.series.at(-2)).toMatchObject({
      start: dayAt(tuesday - DAY),
      visits: 0,
      leads: 3,
    });
    expect(answer.total).toEqual({
      visits: 4,
      uniqueVisitorsSummedPerDay: 3,
      leads: 5,
      conversion: 1.25,
    });
    expect(answer.pages).toContainEqual({ name: '/', visits: 1, leads: 1, conversion: 1 });
    expect(answer.pages).toContainEqual({ name: '/ml/', visits: 1, leads: 1, conversion: 1 });
    expect(answer.pages).toContainEqual({ name: '/contact/', visits: 1, leads: 1, conversion: 1 });
    expect(answer.referrers).toContainEqual({
      name: 'google.com',
      visits: 2,
      leads: 1,
      conversion: 0.5,
    });
    expect(answer.referrers).toContainEqual({ name: '(none)', visits: 2, leads: 4, conversion: 2 });
    expect(answer.campaigns).toEqual([{ name: 'spring', visits: 1, leads: 1, conversion: 1 }]);
    expect(answer.languages).toContainEqual({ name: 'ml', visits: 1, leads: 1, conversion: 1 });
    expect(answer.devices).toEqual([{ name: 'desktop', visits: 4, leads: null, conversion: null }]);
    expect(answer.leadsRead).toMatchObject({ count: 5, capped: false });
  });

  it('shows the funnel with the share lost at each step', async () => {
    await seed();
    const { funnel } = await answerOf();
    expect(funnel).toEqual([
      { step: '1', count: 4, lostShare: null },
      { step: '2', count: 3, lostShare: 0.25 },
      { step: '3', count: 2, lostShare: 1 / 3 },
      { step: '4', count: 1, lostShare: 0.5 },
      { step: 'sent', count: 1, lostShare: 0 },
    ]);
  });

  it('gives the pipeline by source and the speed to lead (first status change or note)', async () => {
    await seed();
    const answer = await answerOf();
    expect(answer.pipeline).toContainEqual({
      source: 'google.com',
      total: 1,
      New: 0,
      Contacted: 0,
      Qualified: 1,
      Won: 0,
      Lost: 0,
    });
    expect(answer.pipeline).toContainEqual(
      expect.objectContaining({ source: 'campaign: spring', total: 1, Won: 1 }),
    );
    expect(answer.pipeline[0]).toMatchObject({ source: '(direct or unknown)', total: 3, New: 3 });
    // The google lead: 30 minutes to its first change (not its later one); spring: 2 h to a note.
    expect(answer.speed).toMatchObject({ medianMs: 30 * MINUTE, p90Ms: 2 * HOUR });
    expect(answer.speed.weeks.at(-1)).toMatchObject({ touched: 2, medianMs: 30 * MINUTE });
  });

  it('lists the leads still New after one working day (Monday to Friday)', async () => {
    const { waiting, message } = await seed();
    const answer = await answerOf();
    expect(answer.stillNew).toEqual([
      {
        kind: 'enquiries',
        id: waiting,
        name: 'Ravi Kumar',
        createdAt: new Date(tuesday - 26 * HOUR).toISOString(),
      },
      {
        kind: 'messages',
        id: message,
        name: 'Lata',
        createdAt: new Date(tuesday - 27 * HOUR).toISOString(),
      },
    ]);
    expect(answer.stillNewCount).toBe(2);
    // A lead of Friday 10:00 UTC is not waiting on Monday 09:00: the weekend is no working day.
    const friday = tuesday + 3 * DAY + HOUR;
    const fridayLead = await storeLead(friday, enquiry({}));
    clock.now = tuesday + 6 * DAY;
    expect((await answerOf()).stillNew.map((lead) => lead.id)).not.toContain(fridayLead);
    clock.now = tuesday + 6 * DAY + 2 * HOUR;
    expect((await answerOf()).stillNew.map((lead) => lead.id)).toContain(fridayLead);
  });

  it('lists the newest 50 still New and counts them all; adds up the pipeline past 20 sources', async () => {
    for (let n = 0; n < 60; n++) {
      await storeLead(tuesday - 2 * DAY - n * MINUTE, enquiry({ referrer: `site-${n}.example` }));
    }
    const answer = await answerOf();
    expect(answer.stillNewCount).toBe(60);
    expect(answer.stillNew).toHaveLength(50);
    const times = answer.stillNew.map((lead) => lead.createdAt);
    expect(times).toEqual([...times].sort().reverse());
    expect(answer.stillNew[0]!.createdAt).toBe(new Date(tuesday - 2 * DAY).toISOString());
    expect(answer.pipeline).toHaveLength(20);
    expect(answer.pipeline.at(-1)).toMatchObject({ source: '(other sources)', total: 41, New: 41 });
    expect(answer.pipeline.reduce((sum, row) => sum + row.total, 0)).toBe(60);
  });

  it('counts per week at 12 weeks', async () => {
    await seed();
    const answer = await answerOf(84);
    expect(answer.unit).toBe('week');
    expect(answer.series).toHaveLength(12);
    expect(answer.series.at(-1)).toMatchObject({ visits: 4, leads: 5 });
  });
});

describe('the lead side is bounded', () => {
  it('reads no lead record once the index is made, and says when the cap was hit', async () => {
    const ids: string[] = [];
    for (let i = 3; i > 0; i--) ids.unshift(await storeLead(tuesday - i * HOUR, enquiry({})));
    await answerOf();
    blobs.resetOps();
    await answerOf();
    const recordReads = blobs.ops.filter((op) => ids.some((id) => op.url.includes(id)));
    expect(recordReads).toEqual([]);
    const capped = await scoped(() => readLeadFacts(tuesday - DAY, 2));
    expect(capped.leads.map((lead) => lead.id)).toEqual(ids.slice(0, 2));
    expect(capped.capped).toBe(true);
  });
});

describe('GET /api/insights.csv', () => {
  it('sends every section as an attachment, formula-like cells neutralised', async () => {
    await seed();
    await storeLead(tuesday - HOUR / 2, enquiry({ campaign: '=HYPERLINK("x")', landing: '/' }));
    const res = await get(csv, '/api/insights.csv?days=7', await makeToken());
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="insights-${dayAt(tuesday - 6 * DAY)}-${dayAt(tuesday)}.csv"`,
    );
    const text = await res.text();
    for (const title of [
      `Insights ${dayAt(tuesday - 6 * DAY)} to ${dayAt(tuesday)}`,
      'Pages',
      'Referrers',
      'Campaigns',
      'Enquiry funnel',
      'Pipeline by source',
      'Speed to lead',
      'Still New after a working day',
    ]) {
      expect(text).toContain(`\r\n${title}\r\n`.slice(title.startsWith('Insights') ? 2 : 0));
    }
    expect(text).toContain('Day,Visits,"Unique visitors (per day, summed)",Leads,Conversion %\r\n');
    expect(text).toContain(`${dayAt(tuesday)},4,3,3,75.0\r\n`);
    expect(text).toContain('"\'=HYPERLINK(""x"")",0,1,\r\n');
    expect(text).toContain('sent,1,0.0\r\n');
  });
});
