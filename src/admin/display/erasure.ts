/** The texts of erasing one person's records. */
import type { ErasurePreview } from '../../lib/schemas';
import { ENQUIRY_NOUN, MESSAGE_NOUN, RECORD_NOUN, plural } from './counts';

export const NO_RECORDS_FOR_ADDRESS = 'No enquiries or messages use this address.';

export const previewTotal = (preview: ErasurePreview) => preview.enquiries + preview.messages;

/** 'Found 2 enquiries and 1 message for asha@example.in.' (or that there are none). */
export function erasureFound(preview: ErasurePreview, email: string): string {
  if (previewTotal(preview) === 0) return NO_RECORDS_FOR_ADDRESS;
  return `Found ${plural(preview.enquiries, ENQUIRY_NOUN)} and ${plural(preview.messages, MESSAGE_NOUN)} for ${email}.`;
}

export const eraseButton = (count: number) =>
  count === 1 ? 'Delete 1 record' : `Delete all ${count} records`;

export const eraseQuestion = (count: number, email: string) =>
  `Delete ${plural(count, RECORD_NOUN)} of ${email}? This cannot be undone.`;

export const erased = (count: number) => `Deleted ${plural(count, RECORD_NOUN)}.`;
