/**
 * The announcements the public strip shows, and their version: one rule for the build (the list
 * rendered into the home page, its version in a data attribute), the API (the version as the ETag
 * of GET /api/announcements) and the page's freshness check (which compares the two).
 */
import { createHash } from 'node:crypto';
import { ANNOUNCEMENT_TRANSLATIONS, type Announcement } from '../schemas/announcement.ts';
import { DEFAULT_LOCALE, isLocale, type Locale } from '../../i18n/locales.ts';

/**
 * What the strip needs of an announcement: nothing else reaches the page. `text` is in the page's
 * language where one is written; `lang` says when it is not (English shown on a Malayalam or
 * Arabic page), so the strip marks that item's language and direction.
 */
export type PublicAnnouncement = Pick<Announcement, '_id' | 'text' | 'link'> & { lang?: 'en' };

/** The item's text for `locale`, or its English text (with `lang: 'en'`) where none is written. */
function localised(item: Announcement, locale: Locale): Pick<PublicAnnouncement, 'text' | 'lang'> {
  if (locale === 'en') return { text: item.text };
  const text = item[ANNOUNCEMENT_TRANSLATIONS[locale]];
  return text ? { text } : { text: item.text, lang: 'en' };
}

export function publicAnnouncements(
  list: readonly Announcement[],
  locale: Locale = DEFAULT_LOCALE,
): PublicAnnouncement[] {
  return list.map((item) => ({ _id: item._id, ...localised(item, locale), link: item.link }));
}

/** The language a `?lang=` asks for: a locale of the site, else English. */
export function requestedLocale(lang: string | null): Locale {
  return isLocale(lang) ? lang : DEFAULT_LOCALE;
}

/**
 * The list's version: a hash of what the strip shows in any language, in order (a list without
 * translations keeps the version it had before they existed), so two lists that look the same
 * on the page have one version and any edit, addition, deletion or reordering changes it.
 */
export function announcementsVersion(list: readonly Announcement[]): string {
  const shown = list.map(({ _id, text, link, text_ml, text_ar }) =>
    text_ml === undefined && text_ar === undefined
      ? [_id, text, link]
      : [_id, text, link, text_ml ?? '', text_ar ?? ''],
  );
  return createHash('sha256').update(JSON.stringify(shown)).digest('base64url').slice(0, 22);
}

/** The version as an HTTP entity tag. */
export function versionETag(version: string): string {
  return `"${version}"`;
}

/**
 * True when an `If-None-Match` header names `version` (weakly: a CDN that compresses the answer
 * may send it back as `W/"…"`), or is `*`.
 */
export function matchesVersion(ifNoneMatch: string | null, version: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === '*' || tag === versionETag(version));
}
