/**
 * The audit log's events (functions/_lib/audit.ts writes them; the admin filters by them), each
 * with the words the admin's table and CSV show. One list, shared by both sides.
 */
export const AUDIT_EVENT_LABELS = {
  'sign-in.succeeded': 'Signed in',
  'sign-in.failed': 'Sign-in failed (password)',
  'sign-in.factor-failed': 'Sign-in failed (second factor)',
  'sign-in.locked-out': 'Sign-in locked out',
  'sign-in.refused': 'Refused sign-ins (hourly count)',
  'sign-in.new-device': 'Signed in from a new device',
  'sign-out': 'Signed out',
  'session.ended': 'Session ended',
  'passkey.added': 'Passkey added',
  'passkey.renamed': 'Passkey renamed',
  'passkey.removed': 'Passkey removed',
  'totp.added': 'Authenticator app added',
  'totp.removed': 'Authenticator app removed',
  'recovery-codes.created': 'Recovery codes created',
  'recovery-code.used': 'Recovery code used',
  'factors.reset': 'Sign-in factors reset by the operator',
  'lead.status-changed': 'Lead status changed',
  'lead.note-added': 'Lead note added',
  'lead.file-downloaded': "Lead file downloaded (an application's CV)",
  'lead.deleted': 'Lead deleted',
  'leads.erased': 'Personal data erased',
  'leads.exported': 'Leads exported (CSV)',
  'announcement.created': 'Announcement created',
  'announcement.updated': 'Announcement updated',
  'announcement.deleted': 'Announcement deleted',
  'mail.retried': 'E-mail retried',
  'held.accepted': 'Held submission marked not spam',
  'held.deleted': 'Held submission deleted',
} as const;

export type AuditEvent = keyof typeof AUDIT_EVENT_LABELS;

export const AUDIT_EVENTS = Object.keys(AUDIT_EVENT_LABELS) as readonly AuditEvent[];

export const isAuditEvent = (value: string): value is AuditEvent =>
  Object.hasOwn(AUDIT_EVENT_LABELS, value);

/** How long records are kept: the daily retention job deletes older ones. */
export const AUDIT_MONTHS = 24;

/** One record of the log, as stored and as `GET /api/audit` answers it. */
export interface AuditRecord {
  id: string;
  /** ISO 8601. */
  at: string;
  event: AuditEvent;
  /** What it acted on: a record's `<store>/<id>`, an announcement's id, a hashed address… */
  target?: string;
  count?: number;
  /** The client address. */
  ip?: string;
  /** A short hash of the session's token id, never the token. */
  session?: string;
}
