/**
 * The counts the admin frame shows (navigation badges, the dashboard's "needs attention" line),
 * each from one small request: a one-record page of each lead list (its X-New-Count), the
 * outbox's first page, and the backup status. A count that could not be read is null.
 */
import { backupStatus } from '../api/security';
import { listLeads } from '../api/leads';
import { listUndelivered } from '../api/mail';
import { listHeld } from '../api/held';
import { APPLICATION, ENQUIRY, MESSAGE } from '../../lib/leads';

export interface FrameCounts {
  /** New enquiries in the whole store. */
  enquiries: number | null;
  /** New (unread) contact messages. */
  messages: number | null;
  /** New job applications. */
  applications: number | null;
  /** Enquiries, and messages, New for more than a working day (src/lib/working-day.ts). */
  waitingEnquiries: number | null;
  waitingMessages: number | null;
  /** E-mails not delivered on the outbox's first page. */
  undelivered: number | null;
  /** The outbox has more pages than the first. */
  undeliveredMore: boolean;
  /** Held submissions waiting for a decision (the Spam / held room). */
  held: number | null;
  /** The last backup is older than the server's limit, or there is none. */
  backupOverdue: boolean | null;
}

export const UNKNOWN_COUNTS: FrameCounts = {
  enquiries: null,
  messages: null,
  applications: null,
  waitingEnquiries: null,
  waitingMessages: null,
  undelivered: null,
  undeliveredMore: false,
  held: null,
  backupOverdue: null,
};

const EVERYTHING = { q: '', filters: {} };
const orNull = <T>(promise: Promise<T>): Promise<T | null> => promise.catch(() => null);

export async function readCounts(): Promise<FrameCounts> {
  const [enquiries, messages, applications, outbox, backup, held] = await Promise.all([
    orNull(listLeads(ENQUIRY, EVERYTHING, 1, 1)),
    orNull(listLeads(MESSAGE, EVERYTHING, 1, 1)),
    orNull(listLeads(APPLICATION, EVERYTHING, 1, 1)),
    orNull(listUndelivered()),
    orNull(backupStatus()),
    orNull(listHeld(1, 1)),
  ]);
  return {
    enquiries: enquiries?.newCount ?? null,
    messages: messages?.newCount ?? null,
    applications: applications?.newCount ?? null,
    waitingEnquiries: enquiries?.waitingCount ?? null,
    waitingMessages: messages?.waitingCount ?? null,
    undelivered: outbox?.mails.length ?? null,
    undeliveredMore: outbox?.next !== undefined,
    held: held?.total ?? null,
    backupOverdue: backup?.overdue ?? null,
  };
}
