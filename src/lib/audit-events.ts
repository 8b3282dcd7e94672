/**
 * The audit log's events (functions/_lib/audit.ts writes them; the admin filters by them), each
 * with the words the admin's table and CSV show. One list, shared by both sides.
 */
export const AUDIT_EVENT_LABELS = {
  'sign-in.succeeded': 'Signed in',
  'sign-in.failed': 'Sign-in failed (password)',
  'sign-in.factor-failed': 'Sign-in failed (second factor)',
  'sign-in.locked-out': 'Sign-in locked out',
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
  'lead.deleted': 'Lead deleted',
  'leads.erased': 'Personal data erased',
  'leads.exported': 'Enquiries exported (CSV)',
  'announcement.created': 'Announcement created',
  'announcement.updated': 'Announcement updated',
  'announcement.deleted': 'Announcement deleted',
  'mail.retried': 'E-mail retried',
} as const;

export type AuditEvent = keyof typeof AUDIT_EVENT_LABELS;

export const AUDIT_EVENTS = Object.keys(AUDIT_EVENT_LABELS) as readonly AuditEvent[];

export const isAuditEvent = (value: string): value is AuditEvent =>
  Object.hasOwn(AUDIT_EVENT_LABELS, value);
