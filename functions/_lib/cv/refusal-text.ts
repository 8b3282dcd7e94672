/**
 * A CV refusal in the applicant's language. The words live with the forms' (src/i18n/forms,
 * `application.cvRefusals`) when that language has them; English (refusal.ts) otherwise.
 */
import type { Locale } from '../../../src/i18n/locales.ts';
import { refuse, type CvRefusalCode } from './refusal.ts';

export function cvRefusalText(code: CvRefusalCode, _lang: Locale): string {
  return refuse(code).message;
}
