/**
 * The forms' words by language: `formText(locale)`. English (en.ts) is the model and always here;
 * a language missing one of its keys is a type error, and tests/unit/form-text.test.ts checks that
 * no text is empty or left in English. The other languages are registered: on the server all of
 * them (index.ts), in the browser only the page's (`loadFormText`, a chunk of its own, or the
 * island's props), so a visitor's scripts never carry the words of languages they do not read.
 */
import type { CvRefusalCode } from '../../lib/schemas/application.ts';
import type { EnquiryOption, EnquiryWizardField } from '../../lib/schemas/enquiry.ts';
import { DEFAULT_LOCALE, isLocale, type Locale } from '../locales.ts';
export { fill } from '../fill.ts';
import type { en } from './en.ts';
import { validation as enValidation } from './en-validation.ts';

/** The shape of en.ts with every text widened to `string`: what each language must provide. */
type Texts<T> = { readonly [K in keyof T]: T[K] extends string ? string : Texts<T[K]> };

/**
 * What each language provides: every text of en.ts, a label for every wizard field and option,
 * and words for every reason a CV is refused.
 */
export type FormText = Texts<typeof en> & {
  readonly enquiry: {
    readonly labels: Readonly<Record<EnquiryWizardField, string>>;
    readonly options: Readonly<Record<EnquiryOption, string>>;
  };
  readonly application: {
    readonly cvRefusals: Readonly<Record<CvRefusalCode, string>>;
  };
};

const catalogue: Partial<Record<Locale, FormText>> = {};

/** Makes `text` the forms' words in `locale`. */
export function registerFormText(locale: Locale, text: FormText): void {
  catalogue[locale] = text;
}

/** Whether the words of `locale` are registered. */
export function hasFormText(locale: Locale): boolean {
  return catalogue[locale] !== undefined;
}

/**
 * The forms' words in `locale` (English for anything that is not one of the site's languages).
 * Register a language first (index.ts does all on the server; the wizard registers its props';
 * load.ts's `loadFormText` loads one): an unregistered one is a bug, and throws.
 */
export function formText(locale: unknown): FormText {
  const wanted = isLocale(locale) ? locale : DEFAULT_LOCALE;
  const text = catalogue[wanted];
  if (!text) throw new Error(`The forms' words in "${wanted}" are not loaded`);
  return text;
}

/**
 * The messages of the shared schemas in `locale`: the registered language's, else English,
 * which every bundle of the schemas carries (they are small; the rest of the words are not).
 */
export function validationText(locale: unknown): FormText['validation'] {
  return catalogue[isLocale(locale) ? locale : DEFAULT_LOCALE]?.validation ?? enValidation;
}

/**
 * A whole number in a message, the same in every language: Western digits grouped by commas
 * (5,000), the site's choice for all three (README, "Languages"). `locale` is for the day one
 * writes numbers otherwise.
 */
export function formatCount(value: number, _locale?: unknown): string {
  return value.toLocaleString('en', { numberingSystem: 'latn' });
}
