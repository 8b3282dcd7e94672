/** Schema validation for handlers: the output, or a 400 carrying one message per field. */
import * as v from 'valibot';
import { fieldErrors } from '../../src/lib/schemas/index.ts';
import { HttpError } from './http.ts';

export const INVALID_FIELDS = 'Some fields are invalid.';

export function validate<S extends v.GenericSchema>(schema: S, data: unknown): v.InferOutput<S> {
  const result = v.safeParse(schema, data);
  if (!result.success)
    throw new HttpError(400, INVALID_FIELDS, { fields: fieldErrors(result.issues) });
  return result.output;
}
