/**
 * The page side of the announcements' freshness check, shared by the check
 * (src/scripts/announcements-fresh.ts) and the ticker island: the slot element the build marks
 * with the list's version (`data-version`, empty when the build could not read the store), its
 * length (`data-count`) and the page's language (`data-locale`, whose texts it asks for); the check leaves a newer list in `data-fresh` and announces it with
 * FRESH_EVENT, which hydrates the ticker (`client:needed`) or reaches it if it already is.
 */
import type { PublicAnnouncement } from './public';

export const FRESH_EVENT = 'announcements:fresh';
export const SLOT_SELECTOR = '[data-announcements]';

export function isAnnouncement(value: unknown): value is PublicAnnouncement {
  if (typeof value !== 'object' || value === null) return false;
  const item = value as Record<string, unknown>;
  return (
    typeof item['_id'] === 'string' &&
    typeof item['text'] === 'string' &&
    (item['link'] === undefined || typeof item['link'] === 'string') &&
    (item['lang'] === undefined || item['lang'] === 'en')
  );
}

/** The newer list the check found, if it found one. */
export function freshAnnouncements(): PublicAnnouncement[] | undefined {
  const raw = document.querySelector<HTMLElement>(SLOT_SELECTOR)?.dataset['fresh'];
  if (raw === undefined) return undefined;
  const list: unknown = JSON.parse(raw);
  return Array.isArray(list) ? list.filter(isAnnouncement) : undefined;
}
