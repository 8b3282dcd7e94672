import { useEffect, useRef, useState } from 'react';
import { INACTIVITY_LOGOUT_MS, TOKEN_KEY, discardToken, logout } from '../api/auth-client';

/**
 * Mouse, click, scroll and keypress activity, plus keydown and touchstart: keypress misses Tab
 * and arrow keys, so keyboard-only and touch admins would otherwise be logged out while working.
 */
const ACTIVITY_EVENTS = [
  'mousemove',
  'mousedown',
  'click',
  'scroll',
  'keypress',
  'keydown',
  'touchstart',
] as const;

/** WCAG 2.2.1: say so 20 s before the inactivity logout, so any activity can prevent it. */
export const INACTIVITY_WARNING_MS = 20_000;

/**
 * Logs the admin out after `timeoutMs` without activity. Returns whether the
 * logout is near, for a warning.
 */
export function useInactivityLogout(timeoutMs: number = INACTIVITY_LOGOUT_MS): boolean {
  const [warning, setWarning] = useState(false);
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);

  useEffect(() => {
    const arm = () => {
      timers.current.forEach(clearTimeout);
      setWarning(false);
      timers.current = [
        setTimeout(() => setWarning(true), Math.max(0, timeoutMs - INACTIVITY_WARNING_MS)),
        setTimeout(() => void logout(), timeoutMs),
      ];
    };
    arm();
    // Capture: scrolls of inner boxes (the table) count too, and nothing can stop the event.
    const options = { passive: true, capture: true };
    ACTIVITY_EVENTS.forEach((type) => window.addEventListener(type, arm, options));
    return () => {
      timers.current.forEach(clearTimeout);
      ACTIVITY_EVENTS.forEach((type) => window.removeEventListener(type, arm, options));
    };
  }, [timeoutMs]);

  return warning;
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
