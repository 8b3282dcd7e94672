/**
 * Announcement: a line of text on the public strip, with an optional link.
 */
import * as v from 'valibot';
import {
  INVALID_VALUE_MESSAGE,
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

/** What the admin submits to create or replace an announcement. Unknown fields are dropped. */
export const AnnouncementInputSchema = v.object({
  /** Shown on the strip, one line (an `<input>` in the admin form); required. */
  text: requiredText(ANNOUNCEMENT_LIMITS.text),
  /** Where the item leads; optional, `''` when absent (the strip then falls back to `#`). */
  link: v.pipe(
    v.nullish(v.string(INVALID_VALUE_MESSAGE), ''),
    v.trim(),
    v.maxLength(ANNOUNCEMENT_LIMITS.link, tooLongMessage(ANNOUNCEMENT_LIMITS.link)),
    withoutControlCharacters(),
    v.check((link) => link === '' || isAllowedLink(link), ANNOUNCEMENT_LINK_MESSAGE),
  ),
});

export type AnnouncementInput = v.InferOutput<typeof AnnouncementInputSchema>;

/** A stored announcement, as `GET /api/announcements` returns it. */
export type Announcement = { _id: string } & AnnouncementInput;
