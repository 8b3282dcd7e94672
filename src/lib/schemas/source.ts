/**
 * A lead's source, from the day's first page view of its sender (functions/_lib/visits/source.ts):
 * the page they landed on, the referrer's host and the campaign tag of that view, and the page
 * the form was sent from. Each field is absent when unknown. Stored on every kind of lead; the
 * visitor never sends it.
 */
export interface LeadSource {
  landing?: string;
  referrer?: string;
  campaign?: string;
  page?: string;
}
