/** Every kind of lead the site takes (kind.ts), in the order the admin and the erasure list them. */
import { APPLICATION } from './application.ts';
import { ENQUIRY } from './enquiry.ts';
import { MESSAGE } from './message.ts';

export * from './kind.ts';
export { APPLICATION, ENQUIRY, MESSAGE };

export const LEAD_KINDS = [ENQUIRY, MESSAGE, APPLICATION] as const;

/** A kind's name in API answers: 'enquiries' | 'messages' | 'applications'. */
export type LeadKey = (typeof LEAD_KINDS)[number]['key'];

/** One record an erasure would delete: its kind, id, date and name (null: a damaged record). */
export interface ErasureRecord {
  kind: LeadKey;
  id: string;
  createdAt: string;
  name: string | null;
}

/** The erasure preview: how many records of the address each kind holds, their ids, and them. */
export type ErasurePreview = Record<LeadKey, number> & {
  /** Every matching record's id, kind by kind in `LEAD_KINDS` order, newest first within each. */
  ids: string[];
  /** The same records, in the same order, as the admin lists them before the delete. */
  records: ErasureRecord[];
};
