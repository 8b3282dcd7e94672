/** The texts of erasing one person's records. */
import { LEAD_KINDS, type ErasurePreview, type ErasureRecord } from '../../lib/leads';
import { RECORD_NOUN, plural } from './counts';

/** 'A, B and C': a list in running text. */
const inWords = (parts: readonly string[], last: string) =>
  parts.length < 2 ? parts.join('') : `${parts.slice(0, -1).join(', ')} ${last} ${parts.at(-1)}`;

export const NO_RECORDS_FOR_ADDRESS = `No ${inWords(
  LEAD_KINDS.map((kind) => kind.words.many),
  'or',
)} use this address.`;

export const previewTotal = (preview: ErasurePreview) =>
  LEAD_KINDS.reduce((sum, kind) => sum + preview[kind.key], 0);

/** 'Found 2 enquiries and 1 message for asha@example.in.' (or that there are none). */
export function erasureFound(preview: ErasurePreview, email: string): string {
  if (previewTotal(preview) === 0) return NO_RECORDS_FOR_ADDRESS;
  // Only the kinds that hold some: 'Found 1 application', not '0 enquiries, 0 messages and …'.
  const counts = LEAD_KINDS.filter((kind) => preview[kind.key] > 0).map((kind) =>
    plural(preview[kind.key], kind.words),
  );
  return `Found ${inWords(counts, 'and')} for ${email}.`;
}

export const eraseButton = (count: number) =>
  count === 1 ? 'Delete 1 record' : `Delete all ${count} records`;

export const eraseQuestion = (count: number, email: string) =>
  `Delete ${plural(count, RECORD_NOUN)} of ${email}? This cannot be undone.`;

export const erased = (count: number) => `Deleted ${plural(count, RECORD_NOUN)}.`;

/** What the preview's list calls a record's kind: 'Enquiry', 'Message'. */
export const erasureKind = (record: ErasureRecord): string =>
  LEAD_KINDS.find((kind) => kind.key === record.kind)?.noun ?? record.kind;

/** A record's name in the list; a damaged record set aside has none that could be read. */
export const erasureName = (record: ErasureRecord): string =>
  record.name?.trim() || 'Unreadable record (name not available)';
