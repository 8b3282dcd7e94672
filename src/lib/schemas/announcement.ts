/**
 * Announcement: a line of text on the public strip, with an optional link.
 */
import * as v from 'valibot';
import {
  INVALID_VALUE_MESSAGE,
  optionalText,
  requiredText,
  tooLongMessage,
  withoutControlCharacters,
} from './fields.ts';

export const ANNOUNCEMENT_LIMITS = { text: 500, link: 2_000 } as const;

export const ANNOUNCEMENT_LINK_MESSAGE =
  'Link must start with https://, http://, /, #, mailto: or tel:.';

/**
 * Links the strip may carry: `http(s)://host…`, a site path `/…` (not `//host`, which browsers
 * read as another host, nor `/\…`, which they read the same way), an anchor `#…`, `mailto:` and
 * `tel:`. No spaces or control characters anywhere; everything else (`javascript:`, `data:`…)
 * is refused.
 */
export function isAllowedLink(link: string): boolean {
  if (/[\s\u0000-\u001f\u007f\\]/.test(link)) return false;
  if (/^https?:\/\//i.test(link)) {
    // A host must follow: `https:///x` would be read as host "x".
    if (!/^https?:\/\/[^/?#]/i.test(link)) return false;
    try {
      const url = new URL(link);
      return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
    } catch {
      return false;
    }
  }
  if (link.startsWith('/')) return !link.startsWith('//');
  if (link.startsWith('#')) return true;
  if (/^mailto:./i.test(link)) return true;
  return /^tel:\+?[\d().-]+$/i.test(link);
}

/** The languages an announcement may be written in beside English, and their fields. */
export const ANNOUNCEMENT_TRANSLATIONS = { ml: 'text_ml', ar: 'text_ar' } as const;

/**
 * A translation of the text: the English text's rules without the requirement; an empty one is
 * left out of the record (undefined), so the strip falls back to English.
 */
const translation = () =>
  v.pipe(
    optionalText(ANNOUNCEMENT_LIMITS.text),
    v.transform((text) => text || undefined),
  );

/** What the admin submits to create or replace an announcement. Unknown fields are dropped. */
const AnnouncementFieldsSchema = v.object({
  /** Shown on the strip, one line (an `<input>` in the admin form); required. */
  text: requiredText(ANNOUNCEMENT_LIMITS.text),
  /** The text for Malayalam pages; optional (English shows where it is missing). */
  text_ml: translation(),
  /** The text for Arabic pages; optional (English shows where it is missing). */
  text_ar: translation(),
  /** Where the item leads; optional, `''` when absent (the strip then falls back to `#`). */
  link: v.pipe(
    v.nullish(v.string(INVALID_VALUE_MESSAGE), ''),
    v.trim(),
    v.maxLength(ANNOUNCEMENT_LIMITS.link, tooLongMessage(ANNOUNCEMENT_LIMITS.link)),
    withoutControlCharacters(),
    v.check((link) => link === '' || isAllowedLink(link), ANNOUNCEMENT_LINK_MESSAGE),
  ),
});

/** The fields, with an absent translation left out rather than stored as `undefined`. */
export const AnnouncementInputSchema = v.pipe(
  AnnouncementFieldsSchema,
  v.transform(({ text_ml, text_ar, ...rest }) => ({
    ...rest,
    ...(text_ml === undefined ? {} : { text_ml }),
    ...(text_ar === undefined ? {} : { text_ar }),
  })),
);

export type AnnouncementInput = v.InferOutput<typeof AnnouncementInputSchema>;

/** A stored announcement, as `GET /api/announcements` returns it. */
export type Announcement = { _id: string } & AnnouncementInput;
