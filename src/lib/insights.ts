/**
 * The answer of `GET /api/insights?days=…` (functions/insights.ts), shared by the function and
 * the admin's Insights room. Unique visitors are counted per day and summed over a period: the
 * field names say so. A conversion is leads per visit, null without visits.
 */
import type { LeadKey } from './leads/index.ts';
import type { Status } from './schemas/index.ts';

export const INSIGHTS_API = '/api/insights';
export const INSIGHTS_CSV_API = '/api/insights.csv';

/** The periods: 7, 30 or 90 days (per day), or 84 (12 weeks, per week). */
export const INSIGHT_PERIODS = [
  { days: 7, label: '7 days' },
  { days: 30, label: '30 days' },
  { days: 90, label: '90 days' },
  { days: 84, label: '12 weeks' },
] as const;
export type InsightDays = (typeof INSIGHT_PERIODS)[number]['days'];

export interface SeriesPoint {
  /** The day, or the first day of the week, `YYYY-MM-DD`. */
  start: string;
  visits: number;
  uniqueVisitorsSummedPerDay: number;
  leads: number;
  conversion: number | null;
}

export interface BreakdownRow {
  name: string;
  visits: number;
  /** null where leads do not record it (country, device). */
  leads: number | null;
  conversion: number | null;
}

export interface FunnelRow {
  step: string;
  count: number;
  /** Share of the step before that did not reach this one (null for the first, or none before). */
  lostShare: number | null;
}

export type PipelineRow = { source: string; total: number } & Record<Status, number>;

export interface SpeedWeek {
  start: string;
  /** Leads of the week touched (a status change or a note). */
  touched: number;
  medianMs: number | null;
  p90Ms: number | null;
}

export interface WaitingLead {
  kind: LeadKey;
  id: string;
  name: string;
  createdAt: string;
}

export interface InsightsAnswer {
  days: InsightDays;
  unit: 'day' | 'week';
  from: string;
  to: string;
  series: SeriesPoint[];
  total: Omit<SeriesPoint, 'start'>;
  pages: BreakdownRow[];
  referrers: BreakdownRow[];
  campaigns: BreakdownRow[];
  languages: BreakdownRow[];
  countries: BreakdownRow[];
  devices: BreakdownRow[];
  funnel: FunnelRow[];
  pipeline: PipelineRow[];
  speed: { weeks: SpeedWeek[]; medianMs: number | null; p90Ms: number | null };
  /** Leads still New a working day after they came in, newest first, at most 50. */
  stillNew: WaitingLead[];
  /** How many leads of the period are still New after a working day (all, not only those listed). */
  stillNewCount: number;
  leadsRead: { count: number; cap: number; capped: boolean; pending: number };
}
