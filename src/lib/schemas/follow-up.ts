/**
 * Follow-up of a lead (enquiry or contact message): its status, the admin's private notes, and
 * the version that conditional writes compare (`If-Match: "<version>"`).
 *
 * The one place the statuses are named: the admin islands and the functions both import them.
 */
import * as v from 'valibot';
import { requiredChoice, requiredText } from './fields.ts';

/** In the order a lead moves through them; a record without one is `New`. */
export const STATUSES = ['New', 'Contacted', 'Qualified', 'Won', 'Lost'] as const;

export type Status = (typeof STATUSES)[number];

export const DEFAULT_STATUS: Status = 'New';

export const STATUS_MESSAGE = 'Status must be New, Contacted, Qualified, Won or Lost.';

/** Characters per note, counted after trimming as every text limit is. */
export const NOTE_MAX_LENGTH = 2_000;

export function isStatus(value: unknown): value is Status {
  return typeof value === 'string' && (STATUSES as readonly string[]).includes(value);
}

/** Body of `PATCH /api/enquiries/:id` and `/api/contact-messages/:id`; other fields are dropped. */
export const StatusUpdateSchema = v.object({
  status: requiredChoice(STATUSES, STATUS_MESSAGE),
});

export type StatusUpdate = v.InferOutput<typeof StatusUpdateSchema>;

/** Body of `POST …/:id/notes`: a `<textarea>`, so line breaks stay. */
export const NoteSchema = v.object({
  text: requiredText(NOTE_MAX_LENGTH, { multiline: true }),
});

export type NoteInput = v.InferOutput<typeof NoteSchema>;

/** A stored note, oldest first in its record. */
export interface Note {
  text: string;
  /** ISO 8601, when it was added. */
  at: string;
}

/** What every enquiry and contact message the admin API returns carries besides its fields. */
export interface FollowUp {
  status: Status;
  /** ISO 8601, the last change of status; absent until the first one. */
  statusChangedAt?: string;
  /** ISO 8601, the first change of status (speed to lead); absent until then, and on older leads. */
  firstStatusChangedAt?: string;
  notes: Note[];
  /** 1 when stored, +1 per change; sent back as `If-Match: "<version>"`. */
  version: number;
}
