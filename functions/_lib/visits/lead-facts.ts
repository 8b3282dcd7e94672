/**
 * The leads of a period as the insights count them, read from each kind's index (never a lead
 * record, never a listing of a store): newest first, created at `since` or later, at most
 * `LEAD_CAP` in all. Held submissions (spam) are in no lead store, so they never count.
 */
import { DEFAULT_STATUS, isStatus, type Status } from '../../../src/lib/schemas/index.ts';
import {
  LEAD_KINDS,
  type AnyLeadKind,
  type LeadKey,
  type LeadSource,
} from '../../../src/lib/leads/index.ts';
import { idTime } from '../ids.ts';
import { leadTimeline } from '../repositories/timeline.ts';
import { SUMMARY_SOURCE, SUMMARY_TOUCHED } from './lead-summary.ts';

/** Most leads one answer reads; the answer says when a period held more. */
export const LEAD_CAP = 10_000;

export interface LeadFact {
  kind: LeadKey;
  id: string;
  createdAt: number;
  name: string;
  lang: string;
  status: Status;
  source: LeadSource;
  /** When the office first changed its status or added a note. */
  touchedAt?: number;
}

export interface LeadFacts {
  leads: LeadFact[];
  /** More leads than `cap` were created in the period: the oldest were left out. */
  capped: boolean;
  /** Leads the index could not read in time (not among `leads`, or read as they were). */
  pending: number;
}

export async function readLeadFacts(since: number, cap: number = LEAD_CAP): Promise<LeadFacts> {
  const read = await Promise.all(
    // Only the kinds that are business leads (not job applications: their kind says so).
    (LEAD_KINDS as readonly AnyLeadKind[])
      .filter((kind) => kind.insights)
      .map(async (kind) => ({
        kind: kind.key as LeadKey,
        ...(await leadTimeline(kind).summariesSince(since, cap)),
      })),
  );
  const leads = read
    .flatMap(({ kind, entries }) =>
      entries.map(({ id, summary }): LeadFact => {
        const source: LeadSource = {};
        for (const [part, field] of Object.entries(SUMMARY_SOURCE)) {
          const value = summary[field];
          if (value) source[part as keyof LeadSource] = value;
        }
        const touched = Date.parse(summary[SUMMARY_TOUCHED] ?? '');
        const status = summary['status'];
        return {
          kind,
          id,
          createdAt: idTime(id),
          name: summary['name'] ?? '',
          lang: summary['lang'] ?? '',
          status: isStatus(status) ? status : DEFAULT_STATUS,
          source,
          ...(Number.isFinite(touched) && { touchedAt: touched }),
        };
      }),
    )
    .sort((a, b) => b.createdAt - a.createdAt);
  return {
    leads: leads.slice(0, cap),
    capped: leads.length > cap || read.some(({ capped }) => capped),
    pending: read.reduce((sum, { pending }) => sum + pending, 0),
  };
}
