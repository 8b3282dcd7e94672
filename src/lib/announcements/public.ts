/**
 * The announcements the public strip shows, and their version: one rule for the build (the list
 * rendered into the home page, its version in a data attribute), the API (the version as the ETag
 * of GET /api/announcements) and the page's freshness check (which compares the two).
 */
import { createHash } from 'node:crypto';
import type { Announcement } from '../schemas/announcement.ts';

/** What the strip needs of an announcement: nothing else reaches the page. */
export type PublicAnnouncement = Pick<Announcement, '_id' | 'text' | 'link'>;

export function publicAnnouncements(list: readonly Announcement[]): PublicAnnouncement[] {
  return list.map(({ _id, text, link }) => ({ _id, text, link }));
}

/**
 * The list's version: a hash of what the strip shows, in order, so two lists that look the same
 * on the page have one version and any edit, addition, deletion or reordering changes it.
 */
export function announcementsVersion(list: readonly Announcement[]): string {
  const shown = list.map(({ _id, text, link }) => [_id, text, link]);
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
