import { getEntry, type CollectionEntry } from 'astro:content';

export type PageEntry = CollectionEntry<'pages'>;

/** The content entry of a page (content/pages/<id>.mdx); a missing file fails the build. */
export async function getPage(id: string): Promise<PageEntry> {
  const entry = await getEntry('pages', id);
  if (!entry) throw new Error(`Missing page content: content/pages/${id}.mdx`);
  return entry;
}
