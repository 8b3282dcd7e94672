/**
 * Decap's i18n, from the one table of languages (src/i18n/locales.ts): `multiple_folders`, which
 * reads and writes `<folder>/<locale>/<slug>.<ext>` for every language, English included, the
 * layout Astro reads (src/content-schema/entry-ids.ts). An editor opens an entry once and sees
 * the languages in columns side by side; a save writes each language's file through the tidy
 * formats (src/integrations/cms/tidy-yaml.ts), which rewrite an unchanged file as it was, so a
 * save changes only the files whose values changed.
 * Each field says what a language holds: `translate`, its own words (titles, descriptions,
 * headings, paragraphs, alt texts, keywords, the body); `duplicate`, the English value, shown
 * read-only in the other columns and copied to them (positions, groups, icons, illustrations,
 * links, an opening's dates, type and pay). A hero's uploaded photo is each language's own, with
 * its description: Decap would copy a duplicated photo to the other languages without the
 * description the build requires there, so a photo added in English would break every
 * translation until translated.
 * Decap hides a field without `i18n` in every column but English's, and offers no
 * way to hide one in English's only, so the `translation` status is `translate`, its hint saying
 * that English leaves it empty (src/content.config.ts; the English files have no such key).
 */
import { DEFAULT_LOCALE, LOCALES } from '../../i18n/locales.ts';
import type { CmsField } from './fields.ts';

export const I18N_STRUCTURE = 'multiple_folders';

/** The config's top-level `i18n`. */
export interface CmsI18n {
  structure: typeof I18N_STRUCTURE;
  locales: string[];
  default_locale: string;
}

export const CMS_I18N: CmsI18n = {
  structure: I18N_STRUCTURE,
  locales: [...LOCALES],
  default_locale: DEFAULT_LOCALE,
};

/** Fields whose value is the same in every language, by name. */
export const SAME_IN_EVERY_LANGUAGE: ReadonlySet<string> = new Set([
  'order',
  'group',
  'icon',
  'image',
  'link',
  'buttonHref',
  // An opening's facts (src/content.config.ts `openings`): one job, whatever the language.
  'type',
  'country',
  'currency',
  'per',
]);

/** Widgets whose value is a name, a number or a fixed value: never words to translate. */
const NOT_WORDS = new Set(['number', 'hidden', 'icon', 'illustration', 'boolean', 'datetime']);

/** The status of a translation (src/content.config.ts). */
export const TRANSLATION_FIELD = 'translation';

/** What a field holds in each language. */
export function fieldI18n(field: CmsField): 'translate' | 'duplicate' {
  if (field.name === TRANSLATION_FIELD) return 'translate';
  return SAME_IN_EVERY_LANGUAGE.has(field.name) || NOT_WORDS.has(field.widget)
    ? 'duplicate'
    : 'translate';
}

/**
 * Decap's schemas of a list and an object take `i18n` as a boolean only: `true`, which Decap
 * reads as `translate` (their own fields say what each of them holds).
 */
const BOOLEAN_I18N = new Set(['list', 'object']);

/** `fields` with their i18n, at every depth (Decap hides a nested field that has none). */
export function withI18n(fields: readonly CmsField[]): CmsField[] {
  return fields.map((field) => {
    const i18n = fieldI18n(field);
    const next: CmsField = {
      ...field,
      i18n: BOOLEAN_I18N.has(field.widget) && i18n === 'translate' ? true : i18n,
    };
    if (field.fields !== undefined) next.fields = withI18n(field.fields);
    if (field.field !== undefined) next.field = withI18n([field.field])[0] ?? field.field;
    return next;
  });
}
