/**
 * The home page's freshness check: after load, asks the CDN-cached GET /api/announcements whether
 * the list built into the page is still current (`If-None-Match` with the built version; 304 when
 * it is). Only a different list is handed on (src/lib/announcements/fresh.ts), which hydrates the
 * ticker with it; until the deploy a change started is live, this is how the page shows it, and
 * locally (`npm start` rebuilds nothing) it is the only way. Plain script: no React.
 */
import { FRESH_EVENT, SLOT_SELECTOR, isAnnouncement } from '../lib/announcements/fresh';

/** The version an entity tag carries (a CDN that compresses may have weakened it: `W/"…"`). */
const versionOf = (etag: string | null) => (etag ?? '').replace(/^W\//, '').replace(/"/g, '');

/** English pages ask for the list as stored; others for it in their language (`?lang=`). */
const listAddress = (locale: string | undefined) =>
  !locale || locale === 'en'
    ? '/api/announcements'
    : `/api/announcements?lang=${encodeURIComponent(locale)}`;

export async function checkAnnouncements(): Promise<void> {
  const slot = document.querySelector<HTMLElement>(SLOT_SELECTOR);
  if (!slot) return;
  const built = slot.dataset['version'] ?? '';
  try {
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (built) headers['If-None-Match'] = `"${built}"`;
    const response = await fetch(listAddress(slot.dataset['locale']), { headers });
    // Read to its end even when unused (a 304's is empty): a response left unread is cancelled
    // when it is collected, and the browser's network log shows the check as a failed request.
    const text = await response.text();
    if (response.status === 304) return;
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const version = versionOf(response.headers.get('etag'));
    if (built && version === built) return;
    const body: unknown = JSON.parse(text);
    if (!Array.isArray(body)) throw new Error('not a list');
    const items = body.filter(isAnnouncement);
    // Nothing built and nothing stored (a build that could not read the store): nothing to show.
    if (items.length === 0 && slot.dataset['count'] === '0') return;
    slot.dataset['version'] = version;
    slot.dataset['count'] = String(items.length);
    slot.dataset['fresh'] = JSON.stringify(items);
    document.dispatchEvent(new Event(FRESH_EVENT));
  } catch (error) {
    console.error('Could not load announcements', error);
  }
}
