/** Browser side of admin auth: the token lives in localStorage under the key 'token'. */
import { DEVICE_ID } from '../../lib/schemas/login';

export const TOKEN_KEY = 'token';

export function getToken(): string | null {
  try {
    return localStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

export function setToken(token: string): void {
  localStorage.setItem(TOKEN_KEY, token);
}

export function clearToken(): void {
  try {
    localStorage.removeItem(TOKEN_KEY);
  } catch {
    // Storage unavailable: there is no token to remove.
  }
}

/** Where the browser keeps its device id (`deviceId`). */
export const DEVICE_KEY = 'admin-device';

/**
 * This browser's random id (128 bits, base64url), made on first use and kept, so the server can
 * tell a sign-in from a browser it has not seen before; undefined where storage is unavailable.
 */
export function deviceId(): string | undefined {
  try {
    const kept = localStorage.getItem(DEVICE_KEY);
    if (kept !== null && DEVICE_ID.test(kept)) return kept;
    const bytes = crypto.getRandomValues(new Uint8Array(16));
    const made = btoa(String.fromCharCode(...bytes))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '');
    localStorage.setItem(DEVICE_KEY, made);
    return made;
  } catch {
    return undefined;
  }
}

/**
 * Where to go after login: `?from=` when it resolves to a page of this site (`origin`) other than
 * /login or /logout (either would only lead back here), else the dashboard. The value is resolved
 * as the browser would resolve it (backslashes, tabs and newlines included), so the check sees the
 * host the browser would really go to; only the resolved path, query and fragment are returned.
 */
export function afterLoginPath(search: string, origin: string = location.origin): string {
  const from = new URLSearchParams(search).get('from');
  if (!from) return '/admin';
  let target: URL;
  try {
    target = new URL(from, origin);
  } catch {
    return '/admin';
  }
  const isLoginPage = /^\/log(in|out)(\/|$)/.test(target.pathname);
  // `/.//evil` resolves to the path `//evil`, which the browser would read again as a host.
  const leadsAway = target.origin !== origin || target.pathname.startsWith('//');
  return leadsAway || isLoginPage ? '/admin' : target.pathname + target.search + target.hash;
}

/** The admin is logged out after 5 minutes without activity. */
export const INACTIVITY_LOGOUT_MS = 300_000;

/** The login page, remembering where to come back to (the current page by default). */
export function loginPath(from: string = location.pathname + location.search): string {
  return `/login?from=${encodeURIComponent(from)}`;
}

/** How long a logout waits for the server to revoke the token before leaving anyway. */
export const LOGOUT_WAIT_MS = 2_000;

/**
 * Asks the server to refuse `token` from now on (POST /api/logout). `keepalive` lets the call
 * outlive the page, so it also works while the page is being closed. Never rejects: a failed
 * revocation must not keep anyone logged in locally.
 */
export function revokeToken(token: string): Promise<void> {
  try {
    return fetch('/api/logout', {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}` },
      keepalive: true,
      cache: 'no-store',
    }).then(
      () => undefined,
      () => undefined,
    );
  } catch {
    return Promise.resolve();
  }
}

/**
 * Clears the stored token at once and asks the server to revoke it; resolves when the server has
 * answered (or could not be reached). Used as is when the page is being closed.
 */
export function discardToken(): Promise<void> {
  const token = getToken();
  if (!token) return Promise.resolve();
  const revoked = revokeToken(token);
  clearToken();
  return revoked;
}

/** Why the admin was signed out: Logout (here or in another tab, or a revoked session), or idle. */
export type SignedOutReason = 'manual' | 'idle';

/** Where the login page finds, once, why the admin was just signed out (this tab only). */
export const SIGNED_OUT_KEY = 'admin-signed-out';

/** Leaves word for the login page this tab goes to next; nothing where storage is unavailable. */
export function markSignedOut(reason: SignedOutReason): void {
  try {
    sessionStorage.setItem(SIGNED_OUT_KEY, reason);
  } catch {
    // Storage unavailable: the login page simply shows no notice.
  }
}

/**
 * Why this tab was just signed out, read once (the word is removed, so a reload, a bookmark or a
 * later visit shows nothing); null when the admin simply opened /login or the word is not one of
 * the reasons (nothing in the address can forge it).
 */
export function takeSignedOut(): SignedOutReason | null {
  try {
    const reason = sessionStorage.getItem(SIGNED_OUT_KEY);
    sessionStorage.removeItem(SIGNED_OUT_KEY);
    return reason === 'manual' || reason === 'idle' ? reason : null;
  } catch {
    return null;
  }
}

/**
 * Logout: removes the stored token and goes to /login, whose page then says why (`reason`). The
 * server's revocation is awaited for at most LOGOUT_WAIT_MS, so a slow or failed call never holds
 * the admin here.
 */
export async function logout(reason: SignedOutReason = 'manual'): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const waited = new Promise<void>((resolve) => (timer = setTimeout(resolve, LOGOUT_WAIT_MS)));
  await Promise.race([discardToken(), waited]);
  clearTimeout(timer);
  markSignedOut(reason);
  location.replace('/login');
}
