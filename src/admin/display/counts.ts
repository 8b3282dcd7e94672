/** Counts in words: the nouns of the lists, their summaries and the dashboard's new counts. */
import { ENQUIRY, LEAD_KINDS, MESSAGE, type LeadKey } from '../../lib/leads';

export interface Noun {
  one: string;
  many: string;
}

export const plural = (count: number, noun: Noun) =>
  `${count} ${count === 1 ? noun.one : noun.many}`;

export const ENQUIRY_NOUN: Noun = ENQUIRY.words;
export const MESSAGE_NOUN: Noun = MESSAGE.words;
export const RECORD_NOUN: Noun = { one: 'record', many: 'records' };

/** '12 enquiries, page 1 of 2', or with a search '3 enquiries match, page 1 of 1'. */
export function listSummary(
  total: number,
  noun: Noun,
  page: number,
  pages: number,
  searched: boolean,
): string {
  const verb = searched ? (total === 1 ? ' matches' : ' match') : '';
  return `${plural(total, noun)}${verb}, page ${page} of ${pages}`;
}

export const noMatch = (noun: Noun) => `No ${noun.many} match your search.`;

/**
 * The dashboard header: '3 new enquiries · 1 unread message · 2 new applications', one count per
 * kind of lead in `LEAD_KINDS` order; unknown counts left out.
 */
export function newCountsText(counts: Readonly<Record<LeadKey, number | null>>): string {
  return LEAD_KINDS.flatMap((kind) => {
    const count = counts[kind.key] ?? null;
    return count === null
      ? []
      : [`${count} ${kind.list.fresh} ${count === 1 ? kind.words.one : kind.words.many}`];
  }).join(' · ');
}
