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

/** Where to go after login: a same-site path from `?from=`, else the dashboard. */
export function afterLoginPath(search: string): string {
  const from = new URLSearchParams(search).get('from');
  return from && from.startsWith('/') && !from.startsWith('//') && !from.startsWith('/login')
    ? from
    : '/admin';
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
