/**
 * Erasing one person (a data-subject request under the DPDP Act 2023 and the GDPR): the address
 * whose enquiries and contact messages go, and the count the admin confirmed from the preview.
 */
import * as v from 'valibot';
import { addressKey, requiredEmail } from './fields.ts';

export const CONFIRM_MESSAGE = 'Confirm with the ids of the records the preview found.';
/** More records than one person could have sent: a confirmation is refused past it. */
export const ERASURE_MAX_IDS = 1_000;

/** `GET /api/erasure?email=…`: the preview. */
export const ErasureLookupSchema = v.object({
  email: requiredEmail(),
});

/** `POST /api/erasure`: deletes the previewed records (`ids`) that still carry the address. */
export const ErasureSchema = v.object({
  email: requiredEmail(),
  ids: v.pipe(
    v.array(
      v.pipe(v.string(CONFIRM_MESSAGE), v.regex(/^[0-7][0-9A-HJKMNP-TV-Z]{25}$/, CONFIRM_MESSAGE)),
      CONFIRM_MESSAGE,
    ),
    v.maxLength(ERASURE_MAX_IDS, CONFIRM_MESSAGE),
  ),
});

export type ErasureInput = v.InferOutput<typeof ErasureSchema>;

/** How addresses are compared: by `addressKey` (fields.ts), the same key the server compares. */
export function sameAddress(a: string, b: string): boolean {
  return addressKey(a) === addressKey(b);
}
