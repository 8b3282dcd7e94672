/**
 * What a lead's index entry keeps for the insights (timeline.ts adds it to every summary): its
 * source's four parts and when the office first touched it (its first status change or note,
 * whichever came first), each only when known. So the insights read the index, never the leads.
 */
import type { Summary } from '../repositories/timeline-index.ts';

export const SUMMARY_SOURCE = {
  landing: 'srcLanding',
  referrer: 'srcReferrer',
  campaign: 'srcCampaign',
  page: 'srcPage',
} as const;
export const SUMMARY_TOUCHED = 'touchedAt';

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value !== '' ? value : undefined;

/** The first status change (or, on a lead changed before it was recorded, the last one) or note. */
function touchedAt(record: Readonly<Record<string, unknown>>): string | undefined {
  const notes = record['notes'];
  const firstNote = Array.isArray(notes)
    ? text((notes[0] as { at?: unknown } | undefined)?.at)
    : undefined;
  const status = text(record['firstStatusChangedAt']) ?? text(record['statusChangedAt']);
  const times = [firstNote, status].filter((at) => at !== undefined);
  return times.length === 0
    ? undefined
    : times.reduce((a, b) => (Date.parse(a) <= Date.parse(b) ? a : b));
}

export function insightSummary(record: Readonly<Record<string, unknown>>): Summary {
  const fields: Record<string, string> = {};
  const source = record['source'];
  if (source !== null && typeof source === 'object') {
    for (const [part, field] of Object.entries(SUMMARY_SOURCE)) {
      const value = text((source as Record<string, unknown>)[part]);
      if (value !== undefined) fields[field] = value;
    }
  }
  const touched = touchedAt(record);
  if (touched !== undefined) fields[SUMMARY_TOUCHED] = touched;
  return fields;
}
