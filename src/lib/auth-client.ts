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
