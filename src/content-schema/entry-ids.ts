/**
 * One rule for every collection: an entry's language is the folder its file sits in, the
 * folder directly holding the file (Decap CMS's i18n `structure: multiple_folders`, which writes
 * `<folder>/<locale>/<slug>.<ext>` for every language, English included). So the glob loader's id
 * carries the language as its second-to-last segment: `en/about` (content/pages/en/about.mdx),
 * `eia/ml/01-energy-efficiency` (content/items/eia/ml/01-energy-efficiency.yaml). An entry's
 * base id is its id without that segment (`about`, `eia/01-energy-efficiency`): the same in every
 * language. Read without Vite, like collections.ts, so the CMS config and the tests use it too.
 */
import { LOCALES, isLocale, type Locale } from '../i18n/locales.ts';

/** Why an id does not follow the rule, naming the folders allowed. */
function notInLanguageFolder(id: string): Error {
  return new Error(
    `Content entry "${id}" is not in a language folder: each file sits directly in a folder ` +
      `named for its language (${LOCALES.join(', ')}), e.g. content/pages/en/about.mdx or ` +
      'content/items/eia/ml/01-energy-efficiency.yaml',
  );
}

/** An entry's language: the folder directly holding its file (the id's second-to-last segment). */
export function entryLocale(id: string): Locale {
  const segments = id.split('/');
  const folder = segments[segments.length - 2];
  if (!isLocale(folder)) throw notInLanguageFolder(id);
  return folder;
}

/** An entry's id without its language folder: `eia/ml/01-energy-efficiency` → `eia/01-…`. */
export function baseId(id: string): string {
  entryLocale(id);
  const segments = id.split('/');
  segments.splice(segments.length - 2, 1);
  return segments.join('/');
}

/** The id of the entry with base id `id` in `locale`: (`ml`, `eia/01-x`) → `eia/ml/01-x`. */
export function localizedId(locale: Locale, id: string): string {
  const segments = id.split('/');
  segments.splice(segments.length - 1, 0, locale);
  return segments.join('/');
}
