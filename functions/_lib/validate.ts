/**
 * Schema validation for handlers: the output, or a 400 carrying one message per field, in `lang`
 * where the schema's messages have one (the public forms'), else English.
 */
import * as v from 'valibot';
import type { Locale } from '../../src/i18n/locales.ts';
import { fieldErrors } from '../../src/lib/schemas/index.ts';
import { validationText } from '../../src/i18n/forms/registry.ts';
// Every language's messages registered: the API answers in the language a form was posted in.
import '../../src/i18n/forms/index.ts';
import { HttpError } from './http.ts';

export const INVALID_FIELDS = 'Some fields are invalid.';

/** The 400's own message in `lang` (the public forms' languages), else English. */
export function invalidFieldsMessage(lang?: Locale): string {
  return lang ? validationText(lang).invalidFields : INVALID_FIELDS;
}

export function validate<S extends v.GenericSchema>(
  schema: S,
  data: unknown,
  lang?: Locale,
): v.InferOutput<S> {
  const result = v.safeParse(schema, data, { lang });
  if (!result.success)
    throw new HttpError(400, invalidFieldsMessage(lang), { fields: fieldErrors(result.issues) });
  return result.output;
}
