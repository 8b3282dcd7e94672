import { useCallback, useEffect, useRef, useState } from 'react';
import { INACTIVITY_LOGOUT_MS, TOKEN_KEY, discardToken, logout } from '../api/auth-client';

/**
 * The events that can be the admin's own input: a key, a press of a pointer (mouse, pen, finger),
 * the wheel, a touch, and the mouse moving (SPEC's "mouse move"). Never `scroll`: the browser
 * scrolls by itself (scroll anchoring keeps the view still when something above it changes
 * height), so a page that changed would count as an admin who acted.
 */
export const ACTIVITY_EVENTS = [
  'keydown',
  'pointerdown',
  'wheel',
  'touchstart',
  'mousemove',
] as const;

/** What `ownInput` reads of an event (a DOM event has these; a test passes just these). */
export interface ActivityEvent {
  type: string;
  screenX?: number;
  screenY?: number;
}

/**
 * The rule of what counts as activity: returns a function that says, event by event, whether it
 * is the admin's own input. A `mousemove` counts only when the pointer moved on the screen since
 * the one before: browsers also send one when the page moves under a still pointer (after a
 * scroll or a layout shift), and that is no more the admin's doing than the scroll was. Any
 * other event of ACTIVITY_EVENTS counts.
 */
export function ownInput(): (event: ActivityEvent) => boolean {
  let pointer: string | undefined;
  return (event) => {
    if (event.type !== 'mousemove')
      return (ACTIVITY_EVENTS as readonly string[]).includes(event.type);
    const at = `${event.screenX},${event.screenY}`;
    const moved = pointer !== undefined && pointer !== at;
    pointer = at;
    return moved;
  };
}

/** WCAG 2.2.1: say so 20 s before the inactivity logout, so any activity can prevent it. */
export const INACTIVITY_WARNING_MS = 20_000;

/**
 * Logs the admin out after `timeoutMs` without their own input (`ownInput`). Returns whether the
 * logout is near, for a warning, and `stay`, which counts as input (the warning's button).
 */
export function useInactivityLogout(timeoutMs: number = INACTIVITY_LOGOUT_MS) {
  const [warning, setWarning] = useState(false);
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);
  const arm = useRef(() => {});

  useEffect(() => {
    arm.current = () => {
      timers.current.forEach(clearTimeout);
      setWarning(false);
      timers.current = [
        setTimeout(() => setWarning(true), Math.max(0, timeoutMs - INACTIVITY_WARNING_MS)),
        setTimeout(() => void logout('idle'), timeoutMs),
      ];
    };
    arm.current();
    const counts = ownInput();
    const onEvent = (event: Event & ActivityEvent) => {
      if (counts(event)) arm.current();
    };
    // Capture: input inside boxes that stop its propagation counts too.
    const options = { passive: true, capture: true };
    ACTIVITY_EVENTS.forEach((type) => window.addEventListener(type, onEvent, options));
    return () => {
      timers.current.forEach(clearTimeout);
      ACTIVITY_EVENTS.forEach((type) => window.removeEventListener(type, onEvent, options));
    };
  }, [timeoutMs]);

  const stay = useCallback(() => arm.current(), []);
  return { warning, stay } as const;
}

/**
 * Closing or leaving the page logs out (the server is told too, best effort: the page
 * cannot wait for its answer); so does the token disappearing (another tab logged out), and a
 * page restored from the back/forward cache without a token.
 */
export function useSessionBoundaries(): void {
  useEffect(() => {
    const onPageHide = () => void discardToken();
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) void logout();
    };
    const onStorage = (event: StorageEvent) => {
      if (event.key === TOKEN_KEY && event.newValue === null) void logout();
      if (event.key === null) void logout();
    };
    window.addEventListener('pagehide', onPageHide);
    window.addEventListener('pageshow', onPageShow);
    window.addEventListener('storage', onStorage);
    return () => {
      window.removeEventListener('pagehide', onPageHide);
      window.removeEventListener('pageshow', onPageShow);
      window.removeEventListener('storage', onStorage);
    };
  }, []);
}
