import { getEntry, type CollectionEntry } from 'astro:content';
import { DEFAULT_LOCALE, localeOfPath, type Locale } from '../i18n/locales';
import { localizedId } from './localized';

export type PageEntry = CollectionEntry<'pages'>;

/**
 * The content entry of a page in a language (content/pages/<locale>/<id>.mdx); a missing file
 * fails the build: a route is only built in a language that has its translation.
 */
export async function getPage(id: string, locale: Locale = DEFAULT_LOCALE): Promise<PageEntry> {
  const entry = await getEntry('pages', localizedId(locale, id));
  if (!entry) throw new Error(`Missing page content: content/pages/${localizedId(locale, id)}.mdx`);
  return entry;
}

/** The `sections` texts of a page's content, in the language of the route at `url`. */
export async function pageSections(id: string, url: URL): Promise<PageEntry['data']['sections']> {
  return (await getPage(id, localeOfPath(url.pathname))).data.sections;
}
