/**
 * Erasing one person (a data-subject request under the DPDP Act 2023 and the GDPR): the address
 * whose enquiries and contact messages go, and the count the admin confirmed from the preview.
 */
import * as v from 'valibot';
import { requiredEmail } from './fields.ts';

export const CONFIRM_MESSAGE = 'Confirm with the number of records the preview found.';

/** `GET /api/erasure?email=…`: the preview. */
export const ErasureLookupSchema = v.object({
  email: requiredEmail(),
});

/** `POST /api/erasure`: deletes only while the count is still `confirm`. */
export const ErasureSchema = v.object({
  email: requiredEmail(),
  confirm: v.pipe(
    v.number(CONFIRM_MESSAGE),
    v.safeInteger(CONFIRM_MESSAGE),
    v.minValue(0, CONFIRM_MESSAGE),
  ),
});

export type ErasureInput = v.InferOutput<typeof ErasureSchema>;

/** The preview's answer. */
export interface ErasurePreview {
  enquiries: number;
  messages: number;
  /** Every matching record's id, enquiries first, newest first within each. */
  ids: string[];
}

/** How addresses are compared: trimmed, case-insensitive. */
export function sameAddress(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}
