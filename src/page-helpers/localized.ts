/**
 * Content in a language. Every collection keeps each language in a folder of its own, the folder
 * directly holding the file (Decap CMS's i18n layout, `multiple_folders`):
 * content/pages/en/about.mdx and content/pages/ml/about.mdx, content/items/eia/en/01-x.yaml and
 * content/items/eia/ml/01-x.yaml. An entry's language is that folder (the id's second-to-last
 * segment, src/content-schema/entry-ids.ts); its base id, the same in every language, is the id
 * without it (`about`, `eia/01-x`). A page exists in a language only where its translation does:
 * nothing here falls back to English.
 */
import { getCollection, getEntry, type CollectionEntry, type CollectionKey } from 'astro:content';
import { TRANSLATED_LOCALES, type Locale } from '../i18n/locales';
import { baseId, entryLocale, localizedId } from '../content-schema/entry-ids';

export { baseId, entryLocale, localizedId };

/** The entries of `collection` in `locale` that pass `filter`. */
export async function entriesIn<C extends CollectionKey>(
  collection: C,
  locale: Locale,
  filter: (entry: CollectionEntry<C>) => boolean = () => true,
): Promise<CollectionEntry<C>[]> {
  const all = (await getCollection(collection)) as CollectionEntry<C>[];
  return all.filter((entry) => entryLocale(entry.id) === locale && filter(entry));
}

/** The languages other than English that have a translation of the entry with base id `id`. */
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
 * other than English that has content/pages/<locale>/<id>.mdx, none where there is none.
 */
export async function translatedPagePaths(id: string): Promise<{ params: { locale: string } }[]> {
  return (await translationsOf('pages', id)).map((locale) => ({ params: { locale } }));
}

/**
 * `getStaticPaths` of a route under `src/pages/[locale]/`: the paths `of` gives for each language
 * other than English, together.
 */
export async function pathsInTranslations<Path>(
  of: (locale: (typeof TRANSLATED_LOCALES)[number]) => Promise<Path[]>,
): Promise<Path[]> {
  return (await Promise.all(TRANSLATED_LOCALES.map(of))).flat();
}
