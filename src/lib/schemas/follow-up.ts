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

/** An application's, in the order a hire moves through them (issue 39); `New` first too. */
export const APPLICATION_STATUSES = [
  'New',
  'Shortlisted',
  'Interview',
  'Offer',
  'Rejected',
  'Withdrawn',
] as const;

/** Every status of every kind of lead: what a stored record's status may be. */
export type Status = (typeof STATUSES)[number] | (typeof APPLICATION_STATUSES)[number];

/** A kind's statuses, in order, `New` (its records' status before any change) first. */
export type StatusList = readonly ['New', ...Status[]];

export const DEFAULT_STATUS = 'New' satisfies Status;

/** "Status must be New, Contacted, Qualified, Won or Lost." for a kind's statuses. */
export function statusMessage(statuses: StatusList): string {
  return `Status must be ${statuses.slice(0, -1).join(', ')} or ${statuses.at(-1)}.`;
}

export const STATUS_MESSAGE = statusMessage(STATUSES);

/** Characters per note, counted after trimming as every text limit is. */
export const NOTE_MAX_LENGTH = 2_000;

const ALL_STATUSES = new Set<string>([...STATUSES, ...APPLICATION_STATUSES]);

/** Whether `value` is a status of some kind (a record's own kind checked it when it was set). */
export function isStatus(value: unknown): value is Status {
  return typeof value === 'string' && ALL_STATUSES.has(value);
}

/** Body of `PATCH /api/<store>/:id` for a kind with these statuses; other fields are dropped. */
export function statusUpdateSchema(statuses: StatusList) {
  return v.object({ status: requiredChoice(statuses, statusMessage(statuses)) });
}

/** The enquiries' and messages' status update. */
export const StatusUpdateSchema = statusUpdateSchema(STATUSES);

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
