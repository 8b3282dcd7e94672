/**
 * Moving between the admin's rooms without leaving the page: leaving a page logs the admin out
 * (SPEC: closing or unloading the page ends the session), so a link to another room changes the
 * address with the History API and shows that room; the back and forward buttons do the same, and
 * each address is also a page of its own for a bookmark or a reload (which signs in again and
 * comes back to it).
 */
import { ROOMS, type Room, type RoomSlug } from '../rooms';

/** The room at a path ('/admin/' and '/admin' alike); undefined for any other page. */
export function roomAt(pathname: string): Room | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return ROOMS.find((room) => room.path === path);
}

/** The click, when it is a plain click on a link to a room of this site: that link and room. */
export function roomLinkOf(
  event: Pick<MouseEvent, 'button' | 'metaKey' | 'ctrlKey' | 'shiftKey' | 'altKey' | 'target'>,
  origin: string = location.origin,
): { link: HTMLAnchorElement; slug: RoomSlug } | undefined {
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
    return undefined;
  const link = event.target instanceof Element ? event.target.closest('a') : null;
  if (!link || link.target || link.hasAttribute('download') || link.origin !== origin)
    return undefined;
  const room = roomAt(link.pathname);
  return room && { link, slug: room.slug as RoomSlug };
}

/**
 * Shows the element a fragment (`id`, still URI-encoded) names once it exists (a room's parts appear as their data
 * arrives), scrolled into view; gives up after `waitMs`. Returns a function that stops waiting.
 */
export function revealWhenPresent(id: string, waitMs = 10_000): () => void {
  // A fragment typed into the address may not decode ("#%"): it names nothing, and breaks nothing.
  try {
    id = decodeURIComponent(id);
  } catch {
    return () => {};
  }
  const reveal = () => {
    const target = document.getElementById(id);
    if (!target) return false;
    target.scrollIntoView({ block: 'start' });
    return true;
  };
  if (reveal()) return () => {};
  const observer = new MutationObserver(() => {
    if (reveal()) stop();
  });
  const timer = setTimeout(() => stop(), waitMs);
  function stop() {
    observer.disconnect();
    clearTimeout(timer);
  }
  observer.observe(document.body, { childList: true, subtree: true });
  return stop;
}
