/**
 * The admin's view of e-mails not delivered (functions/outbox.ts): what `GET /api/outbox` lists
 * and what `POST /api/outbox` takes. The outbox itself is functions/_lib/outbox.ts.
 */
import * as v from 'valibot';

export const RETRY_MESSAGE = 'Choose an e-mail from the list of e-mails not delivered.';

/**
 * An outbox entry's key: `<lead store>/<lead id>/<kind>` for a lead's e-mails, and
 * `security/<alert id>/alert` for the admin's security alerts (functions/_lib/factors/alerts.ts;
 * the id is the alert's kind and a hash or time, lowercase). Every kind the admin's list shows.
 */
export const OUTBOX_KEY =
  /^(?:[a-z][a-z-]{0,39}\/[0-7][0-9A-HJKMNP-TV-Z]{25}\/(?:notify|ack)|security\/[a-z][a-z0-9-]{0,79}\/alert)$/;

/** `POST /api/outbox`: sends this e-mail now, even if it was given up. */
export const OutboxRetrySchema = v.object({
  key: v.pipe(v.string(RETRY_MESSAGE), v.regex(OUTBOX_KEY, RETRY_MESSAGE)),
});

/** One e-mail not delivered, as the admin sees it (no message text: it is in the lead). */
export interface UndeliveredMail {
  key: string;
  /** The office's notification, the acknowledgement to the sender, or a security alert. */
  kind: 'notify' | 'ack' | 'alert';
  /** Whom it is for. */
  to: string;
  lead: { store: string; id: string };
  /** `failed`: given up after 3 days; otherwise still being retried. */
  state: 'pending' | 'sending' | 'failed';
  attempts: number;
  lastError?: string;
  /** ISO 8601: the next automatic attempt (none once failed). */
  nextAttemptAt?: string;
  /** ISO 8601: when the lead came in. */
  createdAt: string;
}

/** `GET /api/outbox`. */
export interface OutboxListing {
  undelivered: UndeliveredMail[];
  /** More follow: `GET /api/outbox?after=<next>` gives the next page. */
  next?: string;
}

/** After this long without a backup, the admin warns. */
export const BACKUP_OVERDUE_HOURS = 48;

/** `GET /api/backup`: the last backup (scripts/backup.ts), and whether one is overdue. */
export interface BackupStatus {
  last: { at: string; stores: Record<string, number>; bytes: number } | null;
  overdue: boolean;
}
