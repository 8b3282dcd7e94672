/**
 * Content in a language. English entries sit at the top of their collection's folder; a
 * translation sits in the folder of its language with the same name (content/items/ml/eia/…,
 * id `ml/eia/01-energy-efficiency`). A page exists in a language only where its translation does:
 * nothing here falls back to English.
 */
import { getCollection, getEntry, type CollectionEntry, type CollectionKey } from 'astro:content';
import { DEFAULT_LOCALE, TRANSLATED_LOCALES, isLocale, type Locale } from '../i18n/locales';

/** An entry's language: the first folder of its id when that is a translation's folder. */
export function entryLocale(id: string): Locale {
  const first = id.split('/')[0];
  return isLocale(first) && first !== DEFAULT_LOCALE ? first : DEFAULT_LOCALE;
}

/** An entry's id without its language folder: `ml/eia/01-energy-efficiency` → `eia/01-…`. */
export function baseId(id: string): string {
  return entryLocale(id) === DEFAULT_LOCALE ? id : id.slice(id.indexOf('/') + 1);
}

/** The id of the entry `id` (an English id) in `locale`. */
export function localizedId(locale: Locale, id: string): string {
  return locale === DEFAULT_LOCALE ? id : `${locale}/${id}`;
}

/** The entries of `collection` in `locale` that pass `filter`. */
export async function entriesIn<C extends CollectionKey>(
  collection: C,
  locale: Locale,
  filter: (entry: CollectionEntry<C>) => boolean = () => true,
): Promise<CollectionEntry<C>[]> {
  const all = (await getCollection(collection)) as CollectionEntry<C>[];
  return all.filter((entry) => entryLocale(entry.id) === locale && filter(entry));
}

/** The languages other than English that have a translation of the entry `id`. */
export async function translationsOf(
  collection: CollectionKey,
  id: string,
): Promise<Exclude<Locale, 'en'>[]> {
  const found = await Promise.all(
    TRANSLATED_LOCALES.map(async (locale) =>
      (await getEntry(collection, localizedId(locale, id))) ? locale : undefined,
    ),
  );
  return found.filter((locale) => locale !== undefined);
}

/**
 * `getStaticPaths` of the route `src/pages/[locale]/…` of a content page: one path per language
 * that has a translation of content/pages/<id>.mdx, none where there is none.
 */
export async function translatedPagePaths(id: string): Promise<{ params: { locale: string } }[]> {
  return (await translationsOf('pages', id)).map((locale) => ({ params: { locale } }));
}
