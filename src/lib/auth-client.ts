/** Browser side of admin auth: the token lives in localStorage under SPEC §9's key. */
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

/** SPEC §9: the admin is logged out after 5 minutes without activity. */
export const INACTIVITY_LOGOUT_MS = 300_000;

/** The login page, remembering where to come back to (the current page by default). */
export function loginPath(from: string = location.pathname + location.search): string {
  return `/login?from=${encodeURIComponent(from)}`;
}

/** SPEC §2 Logout: removes the stored token and goes to /login. */
export function logout(): void {
  clearToken();
  location.replace('/login');
}
