/**
 * Held submissions (issue 38 item 3), as `GET /api/held` answers them and the admin's
 * Spam / held room shows them: a submission of any kind of lead that was stored for review
 * instead of becoming a lead, with the reasons it was held.
 */
import type { LeadKey } from '../leads/index.ts';

/** Why a submission was held: a spam rule's name (src/lib/spam), `unverified` or `honeypot`. */
export interface HeldReason {
  rule: string;
  /** Readable English, for the admin. */
  reason: string;
}

export interface HeldSubmission {
  _id: string;
  createdAt: string;
  kind: LeadKey;
  /** The submission's fields as validated (a honeypot catch: its text fields, cut short). */
  fields: Record<string, unknown>;
  lang: string;
  verification: 'verified' | 'unverified';
  reasons: HeldReason[];
  /** The sender's address and name, as the fields give them ('' when they give none). */
  email: string;
  name: string;
}

/** The admin's decision on one held submission. */
export type HeldAction = 'accept' | 'delete';

/** Held submissions are deleted this many days after they arrived. */
export const HELD_DAYS = 30;

/** Held submissions the admin's Spam / held room shows a page, newest first. */
export const HELD_PAGE_SIZE = 50;
