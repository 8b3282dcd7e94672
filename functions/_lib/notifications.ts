/** The e-mail sent for a new lead, as its kind's `mail` declares it. */
import type * as v from 'valibot';
import { LANGUAGE_LABEL, fieldsOf, type LeadKind } from '../../src/lib/leads/index.ts';
import { LANGUAGE_NAMES, isRecord } from '../../src/lib/schemas/index.ts';
import { sizeInWords } from '../../src/lib/file-size.ts';
import { safeReplyTo, type Notification } from './mailer.ts';
import type { Stamped } from './repositories/timeline.ts';

/** A record's value as the e-mails print it. */
export function show(value: unknown): string {
  if (Array.isArray(value)) return value.length ? value.map(String).join(', ') : 'N/A';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  return typeof value === 'string' && value !== '' ? value : 'N/A';
}

/**
 * Whether a record's value says anything: not an empty text or list, not absent, not an unticked
 * box (the only one, `receiveEmailUpdates`, is no form's question). The e-mails leave the others
 * out rather than print "N/A" lines.
 */
export function answered(value: unknown): boolean {
  if (value === undefined || value === null || value === false) return false;
  if (Array.isArray(value)) return value.length > 0;
  return typeof value !== 'string' || value.trim() !== '';
}

/** The record field that names the person's `role` (their address, their name), if any. */
export function personField<
  S extends v.GenericSchema,
  K extends string,
  N extends string,
  F extends K | 'status',
>(kind: LeadKind<S, K, N, F>, role: 'email' | 'name'): string | undefined {
  return kind.summary[kind.person[role]] as string | undefined;
}

/**
 * "New <subject> from <name>": each answered field as `Label: value` (`answered`), the language the record was sent in
 * (every lead stored records it), then the body field's text alone.
 */
export function leadNotification<
  S extends v.GenericSchema,
  K extends string,
  N extends string,
  F extends K | 'status',
>(kind: LeadKind<S, K, N, F>, stored: Stamped & v.InferOutput<S>): Notification {
  const record = stored as Readonly<Record<string, unknown>> & Stamped;
  const { subject, fields = fieldsOf(kind), body } = kind.mail;
  const lines = fields
    .filter((field: string) => answered(record[field]))
    .map((field: string) => {
      // A stored value the kind gives a name to reads as the admin shows it ('Open application').
      const value = record[field];
      const names = kind.list.valueNames as
        Readonly<Record<string, Record<string, string>>> | undefined;
      const named = typeof value === 'string' ? names?.[field]?.[value] : undefined;
      return `${(kind.labels as Record<string, string>)[field]}: ${named ?? show(value)}`;
    });
  const lang = record['lang'];
  if (typeof lang === 'string') lines.push(`${LANGUAGE_LABEL}: ${LANGUAGE_NAMES[lang] ?? lang}`);
  // A file is never e-mailed (a CV stays behind the admin's sign-in): the e-mail says it is there.
  const file = kind.attachment && record[kind.attachment.field];
  if (kind.attachment && isRecord(file)) {
    lines.push(
      `${kind.attachment.label}: ${String(file['type']).toUpperCase()}, ${sizeInWords(Number(file['size']))}, in the admin`,
    );
  }
  const bodyText = body === undefined ? [] : ['', String(record[body] ?? '')];
  const person = (role: 'email' | 'name') => {
    const field = personField(kind, role);
    return field === undefined ? '' : String(record[field] ?? '');
  };
  const replyTo = safeReplyTo(person('email'));
  return {
    subject: `New ${subject} from ${person('name')}`,
    text: [`Received ${record.createdAt} (id ${record._id}).`, '', ...lines, ...bodyText].join(
      '\n',
    ),
    ...(replyTo ? { replyTo } : {}),
  };
}
