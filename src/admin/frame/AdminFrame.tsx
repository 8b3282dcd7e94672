/**
 * The admin's frame around a room: the header bar (menu button on phones, the room's h1, the
 * signed-in state and Logout, in view at every scroll: on the dashboard it is the spec's header,
 * 'Welcome, Admin!' with a Logout button), the rooms' navigation with their counts, and the room
 * itself, loaded on demand. The inactivity
 * logout, its warning and the session's boundaries hold in every room.
 */
import {
  Suspense,
  lazy,
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
  type MouseEvent,
} from 'react';
import Button from '../components/Button';
import InactivityWarning from '../components/InactivityWarning';
import { useInactivityLogout, useSessionBoundaries } from '../hooks/useSession';
import { ROOMS, pageTitleOf, roomOf, type Room, type RoomSlug } from '../rooms';
import { UNKNOWN_COUNTS, readCounts, type FrameCounts } from './counts';
import LogoutButton from './LogoutButton';
import { revealWhenPresent, roomAt, roomLinkOf } from './room-navigation';

const LAZY = new Map(ROOMS.map((room) => [room.slug, lazy(room.load)]));

function badgeOf(room: Room, counts: FrameCounts): { n: number; words: string } | null {
  if (!('count' in room) || room.count === undefined) return null;
  const { of } = room.count;
  const n = of === 'undelivered' || of === 'held' ? counts[of] : counts.fresh[of];
  return typeof n === 'number' && n > 0 ? { n, words: room.count.words } : null;
}

interface Props {
  /** The room of the page's own address. */
  room: RoomSlug;
  /** The dashboard page's title (its content's), for the document's title there. */
  dashboardTitle: string;
}

export default function AdminFrame({ room: initial, dashboardTitle }: Props) {
  const inactivity = useInactivityLogout();
  useSessionBoundaries();
  const [counts, setCounts] = useState<FrameCounts>(UNKNOWN_COUNTS);
  const recount = useCallback(() => {
    void readCounts().then(setCounts);
  }, []);
  useEffect(recount, [recount]);

  const [open, setOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const navId = useId();
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      menuButton.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  // The room shown: links to rooms and the back/forward buttons change it without leaving the
  // page (room-navigation.ts); the room (its main, named by the h1) then takes the focus, so the
  // keyboard goes on into it, or the fragment's target shows.
  const [slug, setSlug] = useState(initial);
  const [arrival, setArrival] = useState<{ hash: string } | null>(null);
  const main = useRef<HTMLElement>(null);
  const headingId = useId();
  useEffect(() => {
    const onPopState = () => {
      const room = roomAt(location.pathname);
      if (!room) return;
      setSlug(room.slug as RoomSlug);
      setArrival({ hash: location.hash });
    };
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, []);
  const followRoomLink = (event: MouseEvent<HTMLDivElement>) => {
    if (event.defaultPrevented) return;
    const found = roomLinkOf(event.nativeEvent);
    if (!found) return;
    event.preventDefault();
    const { pathname, hash } = found.link;
    if (pathname + hash !== location.pathname + location.hash)
      history.pushState(null, '', pathname + hash);
    setSlug(found.slug);
    setOpen(false);
    setArrival({ hash });
    recount();
  };
  const current = roomOf(slug);
  useEffect(() => {
    document.title = pageTitleOf(current, dashboardTitle);
  }, [current, dashboardTitle]);
  useEffect(() => {
    if (!arrival) return;
    if (arrival.hash.length > 1) return revealWhenPresent(arrival.hash.slice(1));
    window.scrollTo(0, 0);
    main.current?.focus();
    return undefined;
  }, [arrival]);

  const Room = LAZY.get(slug)!;
  return (
    // A delegated listener: every link to a room (navigation, the attention line) stays on the page.
    <div className="admin-app" onClick={followRoomLink}>
      <header className="admin-bar">
        <Button
          ref={menuButton}
          variant="secondary"
          className="admin-bar__menu"
          aria-expanded={open}
          aria-controls={navId}
          onClick={() => setOpen(!open)}
        >
          Menu
        </Button>
        <h1 id={headingId} className="admin-bar__title">
          {current.title}
        </h1>
        <p className="admin-bar__who">Signed in as administrator</p>
        <LogoutButton />
      </header>
      <nav id={navId} className="admin-nav" aria-label="Admin" data-open={open ? '' : undefined}>
        <ul className="admin-nav__list">
          {ROOMS.map((room) => {
            const badge = badgeOf(room, counts);
            return (
              <li key={room.slug}>
                <a
                  className="admin-nav__link"
                  href={room.path}
                  aria-current={room.slug === current.slug ? 'page' : undefined}
                  // The count in words for assistive technology ("Messages, 3 new").
                  aria-label={badge ? `${room.label}, ${badge.n} ${badge.words}` : undefined}
                >
                  {room.label}
                  {badge && (
                    <span className="admin-nav__badge" aria-hidden="true">
                      {badge.n}
                    </span>
                  )}
                </a>
              </li>
            );
          })}
        </ul>
        <a className="admin-nav__public" href="/">
          View the public site
        </a>
      </nav>
      <main
        ref={main}
        id="main-content"
        className="admin-main"
        tabIndex={-1}
        aria-labelledby={headingId}
      >
        <Suspense
          fallback={
            <p className="admin-status" role="status">
              Loading…
            </p>
          }
        >
          <Room counts={counts} recount={recount} />
        </Suspense>
      </main>
      {inactivity.warning && <InactivityWarning onStay={inactivity.stay} />}
    </div>
  );
}
