/**
 * The admin's frame around a room: the bar (menu button on phones, signed-in state, Logout), the
 * rooms' navigation with their counts, and the room itself, loaded on demand. The inactivity
 * logout, its warning and the session's boundaries hold in every room.
 */
import { Suspense, lazy, useCallback, useEffect, useId, useRef, useState } from 'react';
import Button from '../components/Button';
import InactivityWarning from '../components/InactivityWarning';
import { useInactivityLogout, useSessionBoundaries } from '../hooks/useSession';
import { ROOMS, roomOf, type Room, type RoomSlug } from '../rooms';
import { UNKNOWN_COUNTS, readCounts, type FrameCounts } from './counts';
import LogoutButton from './LogoutButton';

const LAZY = new Map(ROOMS.map((room) => [room.slug, lazy(room.load)]));

function badgeOf(room: Room, counts: FrameCounts): { n: number; words: string } | null {
  if (!('count' in room) || room.count === undefined) return null;
  const n = counts[room.count.of];
  return typeof n === 'number' && n > 0 ? { n, words: room.count.words } : null;
}

export default function AdminFrame({ room: slug }: { room: RoomSlug }) {
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

  const Room = LAZY.get(slug)!;
  const current = roomOf(slug);
  return (
    <div className="admin-app">
      <div className="admin-bar">
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
        <p className="admin-bar__who">Signed in as administrator</p>
        <LogoutButton />
      </div>
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
                >
                  {room.label}
                  {badge && (
                    <>
                      <span className="visually-hidden">{`, ${badge.n} ${badge.words}`}</span>
                      <span className="admin-nav__badge" aria-hidden="true">
                        {badge.n}
                      </span>
                    </>
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
      <main id="main-content" className="admin-main" tabIndex={-1}>
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
