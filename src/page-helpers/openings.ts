/**
 * The openings of content/openings as the careers pages read them: each entry made an `Opening`
 * (src/lib/openings/openings.ts, where the rules live and are unit-tested), and which of them
 * are open on the build's day in the office's time zone. Pages of closed openings are not built;
 * their addresses answer 410 (src/integrations/openings-gone.ts writes the rules).
 */
import { getCollection, type CollectionEntry } from 'astro:content';
import { site } from '../config/site';
import type { Locale } from '../i18n/locales';
import { baseId, entryLocale } from './localized';
import {
  checkSlug,
  closedOn,
  contentDay,
  dayIn,
  openOn,
  type Opening,
} from '../lib/openings/openings';

export type OpeningEntry = CollectionEntry<'openings'>;

/** An opening with the content entry it was read from (its body is rendered by the page). */
export interface OpeningWithEntry extends Opening {
  entry: OpeningEntry;
}

/**
 * The day the build decides on: today in the office's time zone, as the build's integration
 * fixed it for the pages and the 410 rules alike (src/integrations/openings-gone.ts).
 */
export const BUILD_DAY = process.env['OPENINGS_BUILD_DAY'] ?? dayIn(site.timeZone, new Date());

export function toOpening(entry: OpeningEntry): OpeningWithEntry {
  const { title, location, country, type, summary, posted, closes, salary } = entry.data;
  const slug = baseId(entry.id);
  checkSlug(slug);
  return {
    entry,
    slug,
    locale: entryLocale(entry.id),
    title,
    location,
    country,
    type,
    summary,
    posted: contentDay(posted),
    closes: contentDay(closes),
    salary,
  };
}

/**
 * Whether content/openings holds any file (the glob of src/content-schema/collections.ts; only
 * the keys are read). Astro's getCollection warns on every call for a collection with no entry,
 * which is the normal state here: the company may have no opening posted.
 */
const anyFile = Object.keys(import.meta.glob('../../content/openings/**/*.{md,mdx}')).length > 0;

/** Every opening in every language, open or not. */
export async function allOpenings(): Promise<OpeningWithEntry[]> {
  if (!anyFile) return [];
  return (await getCollection('openings')).map(toOpening);
}

/** The openings of `locale` open on the build's day, as the careers page lists them. */
export async function openOpenings(locale: Locale, today = BUILD_DAY): Promise<OpeningWithEntry[]> {
  const all = await allOpenings();
  return openOn(
    all.filter((opening) => opening.locale === locale),
    today,
  );
}

/** Every language's openings closed before the build's day. */
export async function closedOpenings(today = BUILD_DAY): Promise<OpeningWithEntry[]> {
  return closedOn(await allOpenings(), today);
}
