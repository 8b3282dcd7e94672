/** Counts in words: the nouns of the lists, their summaries and the dashboard's new counts. */

export interface Noun {
  one: string;
  many: string;
}

export const plural = (count: number, noun: Noun) =>
  `${count} ${count === 1 ? noun.one : noun.many}`;

export const ENQUIRY_NOUN: Noun = { one: 'enquiry', many: 'enquiries' };
export const MESSAGE_NOUN: Noun = { one: 'message', many: 'messages' };
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

/** The dashboard header: '3 new enquiries · 1 unread message'; unknown counts left out. */
export function newCountsText(enquiries: number | null, messages: number | null): string {
  const parts: string[] = [];
  if (enquiries !== null)
    parts.push(`${enquiries} new ${enquiries === 1 ? 'enquiry' : 'enquiries'}`);
  if (messages !== null)
    parts.push(`${messages} unread ${messages === 1 ? 'message' : 'messages'}`);
  return parts.join(' · ');
}
