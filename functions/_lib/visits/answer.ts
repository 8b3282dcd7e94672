/**
 * The Insights answer (src/lib/insights.ts) from a period's visit totals and its leads' index
 * summaries: the series, the breakdowns by visits, leads and conversion, the enquiry's funnel,
 * the pipeline by source, the speed to lead and the leads still New after a working day.
 */
import type {
  BreakdownRow,
  FunnelRow,
  InsightDays,
  InsightsAnswer,
  PipelineRow,
  SeriesPoint,
  SpeedWeek,
} from '../../../src/lib/insights.ts';
import { STATUSES } from '../../../src/lib/schemas/index.ts';
import { FUNNEL_STEPS } from '../../../src/lib/visits.ts';
import { waitingSince } from '../../../src/lib/working-day.ts';
import { DAY_MS, dayOf, dayStart } from '../repositories/visits.ts';
import type { InsightsRange, VisitInsights } from './insights.ts';
import { LEAD_CAP, type LeadFact, type LeadFacts } from './lead-facts.ts';
import type { Tally } from './totals.ts';

/** Rows kept of each breakdown, most visited first. */
export const TOP_ROWS = 20;
export const NO_REFERRER = '(none)';
export const NO_SOURCE = '(direct or unknown)';
/** The pipeline's row of every source past the first TOP_ROWS. */
export const OTHER_SOURCES = '(other sources)';
/** Leads still New listed at most, newest first (the answer counts them all). */
export const STILL_NEW_SHOWN = 50;
const WEEK_DAYS = 7;

const rate = (leads: number, visits: number) => (visits > 0 ? leads / visits : null);

/** The value at `share` of the sorted numbers (nearest rank); null for none. */
export function percentile(sorted: readonly number[], share: number): number | null {
  if (sorted.length === 0) return null;
  return sorted[Math.max(0, Math.ceil(share * sorted.length) - 1)]!;
}

function count<T>(items: readonly T[], key: (item: T) => string | undefined): Tally {
  const tally: Tally = {};
  for (const item of items) {
    const name = key(item);
    if (name !== undefined) tally[name] = (tally[name] ?? 0) + 1;
  }
  return tally;
}

function breakdown(visits: Tally, leads: Tally | null): BreakdownRow[] {
  const names = new Set([...Object.keys(visits), ...Object.keys(leads ?? {})]);
  return [...names]
    .map((name) => {
      const seen = visits[name] ?? 0;
      const sent = leads === null ? null : (leads[name] ?? 0);
      return {
        name,
        visits: seen,
        leads: sent,
        conversion: sent === null ? null : rate(sent, seen),
      };
    })
    .sort(
      (a, b) =>
        b.visits - a.visits || (b.leads ?? 0) - (a.leads ?? 0) || (a.name < b.name ? -1 : 1),
    )
    .slice(0, TOP_ROWS);
}

/** Visits by campaign name (the third part of a visit's `[source, medium, campaign]`). */
function campaignVisits(campaigns: Tally): Tally {
  const byName: Tally = {};
  for (const [key, visits] of Object.entries(campaigns)) {
    const name = (JSON.parse(key) as (string | null)[])[2];
    if (typeof name === 'string') byName[name] = (byName[name] ?? 0) + visits;
  }
  return byName;
}

/** The days of the range cut into weeks from its first day (the last may be shorter). */
function weeksOf(range: InsightsRange): { start: string; from: number; to: number }[] {
  const weeks = [];
  const last = dayStart(range.to) + DAY_MS;
  for (let at = dayStart(range.from); at < last; at += WEEK_DAYS * DAY_MS) {
    weeks.push({ start: dayOf(at), from: at, to: Math.min(last, at + WEEK_DAYS * DAY_MS) });
  }
  return weeks;
}

function series(
  days: InsightDays,
  range: InsightsRange,
  visits: VisitInsights,
  leads: readonly LeadFact[],
): SeriesPoint[] {
  const leadsByDay = count(leads, (lead) => dayOf(lead.createdAt));
  const daily = visits.days.map((day) => ({
    start: day.day,
    visits: day.views,
    uniqueVisitorsSummedPerDay: day.visitors,
    leads: leadsByDay[day.day] ?? 0,
  }));
  const points =
    days === 84
      ? weeksOf(range).map((week) => {
          const inWeek = daily.filter((day) => {
            const at = dayStart(day.start);
            return at >= week.from && at < week.to;
          });
          return {
            start: week.start,
            visits: inWeek.reduce((sum, day) => sum + day.visits, 0),
            uniqueVisitorsSummedPerDay: inWeek.reduce(
              (sum, day) => sum + day.uniqueVisitorsSummedPerDay,
              0,
            ),
            leads: inWeek.reduce((sum, day) => sum + day.leads, 0),
          };
        })
      : daily;
  return points.map((point) => ({ ...point, conversion: rate(point.leads, point.visits) }));
}

function funnel(steps: Tally): FunnelRow[] {
  return FUNNEL_STEPS.map((step, i) => {
    const reached = steps[step] ?? 0;
    const before = i === 0 ? 0 : (steps[FUNNEL_STEPS[i - 1]!] ?? 0);
    return { step, count: reached, lostShare: before > 0 ? (before - reached) / before : null };
  });
}

/** A lead's source in one word: its campaign, else its referrer's host, else direct or unknown. */
export function sourceName(lead: LeadFact): string {
  const { campaign, referrer } = lead.source;
  return campaign !== undefined ? `campaign: ${campaign}` : (referrer ?? NO_SOURCE);
}

function pipeline(leads: readonly LeadFact[]): PipelineRow[] {
  const rows = new Map<string, PipelineRow>();
  for (const lead of leads) {
    const name = sourceName(lead);
    let row = rows.get(name);
    if (row === undefined) {
      row = {
        source: name,
        total: 0,
        ...Object.fromEntries(STATUSES.map((s) => [s, 0])),
      } as PipelineRow;
      rows.set(name, row);
    }
    row.total++;
    row[lead.status]++;
  }
  const sorted = [...rows.values()].sort(
    (a, b) => b.total - a.total || (a.source < b.source ? -1 : 1),
  );
  if (sorted.length <= TOP_ROWS) return sorted;
  // A referrer's host is the sender's to choose: past the top rows, the rest are added up.
  const other = {
    source: OTHER_SOURCES,
    total: 0,
    ...Object.fromEntries(STATUSES.map((s) => [s, 0])),
  } as PipelineRow;
  for (const row of sorted.slice(TOP_ROWS - 1)) {
    other.total += row.total;
    for (const status of STATUSES) other[status] += row[status];
  }
  return [...sorted.slice(0, TOP_ROWS - 1), other];
}

function delays(leads: readonly LeadFact[]): number[] {
  return leads
    .flatMap((lead) => (lead.touchedAt === undefined ? [] : [lead.touchedAt - lead.createdAt]))
    .sort((a, b) => a - b);
}

function speed(range: InsightsRange, leads: readonly LeadFact[]): InsightsAnswer['speed'] {
  const weeks = weeksOf(range).map((week): SpeedWeek => {
    const times = delays(leads.filter((l) => l.createdAt >= week.from && l.createdAt < week.to));
    return {
      start: week.start,
      touched: times.length,
      medianMs: percentile(times, 0.5),
      p90Ms: percentile(times, 0.9),
    };
  });
  const all = delays(leads);
  return { weeks, medianMs: percentile(all, 0.5), p90Ms: percentile(all, 0.9) };
}

export function insightsAnswer(
  days: InsightDays,
  range: InsightsRange,
  visits: VisitInsights,
  facts: LeadFacts,
  now: number,
): InsightsAnswer {
  const { leads } = facts;
  const { total } = visits;
  const referred = Object.values(total.referrers).reduce((sum, n) => sum + n, 0);
  const since = waitingSince(now);
  const waiting = leads
    .filter((lead) => lead.status === 'New' && lead.createdAt < since)
    .sort((a, b) => b.createdAt - a.createdAt);
  return {
    days,
    unit: days === 84 ? 'week' : 'day',
    from: range.from,
    to: range.to,
    series: series(days, range, visits, leads),
    total: {
      visits: total.views,
      uniqueVisitorsSummedPerDay: total.visitors,
      leads: leads.length,
      conversion: rate(leads.length, total.views),
    },
    pages: breakdown(
      total.pages,
      count(leads, (l) => l.source.page ?? l.source.landing),
    ),
    referrers: breakdown(
      {
        ...total.referrers,
        ...(total.views > referred && { [NO_REFERRER]: total.views - referred }),
      },
      count(leads, (l) => l.source.referrer ?? NO_REFERRER),
    ),
    campaigns: breakdown(
      campaignVisits(total.campaigns),
      count(leads, (l) => l.source.campaign),
    ),
    languages: breakdown(
      total.langs,
      count(leads, (l) => l.lang || undefined),
    ),
    countries: breakdown(total.countries, null),
    devices: breakdown(total.devices, null),
    funnel: funnel(total.steps),
    pipeline: pipeline(leads),
    speed: speed(range, leads),
    stillNew: waiting.slice(0, STILL_NEW_SHOWN).map(({ kind, id, name, createdAt }) => ({
      kind,
      id,
      name,
      createdAt: new Date(createdAt).toISOString(),
    })),
    stillNewCount: waiting.length,
    leadsRead: { count: leads.length, cap: LEAD_CAP, capped: facts.capped, pending: facts.pending },
  };
}
