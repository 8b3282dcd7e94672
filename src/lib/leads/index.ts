/** Every kind of lead the site takes (kind.ts), in the order the admin and the erasure list them. */
import { ENQUIRY } from './enquiry.ts';
import { MESSAGE } from './message.ts';

export * from './kind.ts';
export { ENQUIRY, MESSAGE };

export const LEAD_KINDS = [ENQUIRY, MESSAGE] as const;

/** A kind's name in API answers: 'enquiries' | 'messages'. */
export type LeadKey = (typeof LEAD_KINDS)[number]['key'];

/** The erasure preview: how many records of the address each kind holds, and their ids. */
export type ErasurePreview = Record<LeadKey, number> & {
  /** Every matching record's id, kind by kind in `LEAD_KINDS` order, newest first within each. */
  ids: string[];
};
