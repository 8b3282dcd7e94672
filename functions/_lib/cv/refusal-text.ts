/**
 * A CV refusal in the applicant's language: the words live with the forms'
 * (src/i18n/forms, `application.cvRefusals`), English where a language lacks them.
 */
import { formText } from '../../../src/i18n/forms/index.ts';
import type { Locale } from '../../../src/i18n/locales.ts';
import type { CvRefusalCode } from './refusal.ts';

export function cvRefusalText(code: CvRefusalCode, lang: Locale): string {
  return formText(lang).application.cvRefusals[code];
}
