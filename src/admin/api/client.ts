/**
 * The admin API's core (routes: src/lib/api-routes.ts): `send` makes every call with the admin
 * Bearer token; failures become an `ApiError` whose message is ready to show. On a 401, or when
 * the token is gone, the token is cleared and the admin is sent to /login shortly after, so the
 * message can be read first. `page` reads one page of a list with its count headers.
 *
 * Each room's data goes through one module built on this one: announcements.ts and leads.ts
 * (the dashboard, messages), mail.ts, security.ts (sign-in factors, sessions, backups, erasure),
 * audit.ts; sign-in.ts signs in before there is a token.
 *
 * Lists take a search query (`ListQuery`, src/lib/schemas/search.ts) and answer the page, the
 * number of matching records (`X-Total-Count`), the number of New records in the whole store
 * (`X-New-Count`) and of those New for more than a working day (`X-Waiting-Count`); each count
 * is null while a server does not send it, so the UI can leave it out.
 */
import { queryParams, type ListQuery } from '../../lib/schemas/search';
import { clearToken, getToken, loginPath, markSignedOut } from './auth-client';

/** How long a session-ending message stays on screen before the login page. */
export const LOGIN_REDIRECT_DELAY_MS = 2_500;

export const API_MESSAGES = {
  noToken: 'Authentication token not found. Please log in.',
  /** The enquiries fetch's wording, used for every admin read. */
  readUnauthorized: 'Session expired or unauthorized. Please log in again.',
  /** The enquiry delete's wording, used for every admin write. */
  writeUnauthorized: 'Unauthorized: Please log in again.',
  network: 'Could not reach the server. Please check your connection and try again.',
  invalidCredentials: 'Invalid credentials',
  loginUnavailable: 'Sign-in is unavailable right now. Please try again shortly.',
} as const;

export class ApiError extends Error {
  /** HTTP status; 0 when no answer came (network failure or no token). */
  readonly status: number;
  /** Per-field messages from a 400 answer. */
  readonly fields: Record<string, string>;

  constructor(message: string, status: number, fields: Record<string, string> = {}) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.fields = fields;
  }
}

/** What went wrong, for composing "…: {status text}" messages. */
export interface Failure {
  status: number;
  /** The server's `error` text, else the HTTP status text, else the code. */
  detail: string;
}

type Kind = 'read' | 'write';

interface Call {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** The version the change was read at, sent as `If-Match: "<version>"`. */
  ifVersion?: number;
  kind: Kind;
  failed: (failure: Failure) => string;
}

let leaving = false;

const unauthorizedMessage = (kind: Kind) =>
  API_MESSAGES[kind === 'read' ? 'readUnauthorized' : 'writeUnauthorized'];

/**
 * Clears the token and goes to the login page (which says the admin has been signed out) once
 * the message has been shown.
 */
function endSession(): void {
  clearToken();
  if (leaving) return;
  leaving = true;
  markSignedOut('manual');
  const target = loginPath();
  setTimeout(() => location.assign(target), LOGIN_REDIRECT_DELAY_MS);
}

export function errorBody(body: unknown): { error?: string; fields: Record<string, string> } {
  if (typeof body !== 'object' || body === null) return { fields: {} };
  const { error, fields } = body as { error?: unknown; fields?: unknown };
  const safeFields: Record<string, string> = {};
  if (typeof fields === 'object' && fields !== null) {
    for (const [key, value] of Object.entries(fields)) {
      if (typeof value === 'string') safeFields[key] = value;
    }
  }
  return typeof error === 'string' ? { error, fields: safeFields } : { fields: safeFields };
}

export async function send(
  path: string,
  { method = 'GET', body, ifVersion, kind, failed }: Call,
): Promise<Response> {
  const token = getToken();
  if (!token) {
    // A call made after another one's 401 ended the session says the same: the session expired.
    const ended = leaving;
    endSession();
    throw new ApiError(ended ? unauthorizedMessage(kind) : API_MESSAGES.noToken, ended ? 401 : 0);
  }
  const headers: Record<string, string> = { Authorization: `Bearer ${token}` };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (ifVersion !== undefined) headers['If-Match'] = `"${ifVersion}"`;
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      cache: 'no-store',
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  } catch {
    throw new ApiError(API_MESSAGES.network, 0);
  }
  if (response.ok) return response;
  if (response.status === 401) {
    endSession();
    throw new ApiError(unauthorizedMessage(kind), 401);
  }
  const parsed = errorBody(await response.json().catch(() => null));
  const detail = parsed.error ?? (response.statusText || String(response.status));
  throw new ApiError(failed({ status: response.status, detail }), response.status, parsed.fields);
}

export async function jsonOf<T>(response: Response, failed: Call['failed']): Promise<T> {
  try {
    return (await response.json()) as T;
  } catch {
    throw new ApiError(
      failed({ status: response.status, detail: 'unreadable answer' }),
      response.status,
    );
  }
}

export interface Page<T> {
  items: T[];
  /** Records matching the query. */
  total: number;
  /** Records of the whole store whose status is New; null when the server does not say. */
  newCount: number | null;
  /** Of those, the ones New for more than a working day; null when the server does not say. */
  waitingCount: number | null;
  /** Records too new to the server's index to be searched or filtered in this answer. */
  pending: number;
  /** Ids of stored records the server could not read and set aside. */
  quarantined: string[];
  /** The server stopped counting (`X-Total-More`, the audit log): `total` is a lower bound. */
  more?: true;
}

/** A count header as a number, or null when it is missing or not a count. */
function countHeader(response: Response, name: string): number | null {
  const text = response.headers.get(name);
  if (text === null || !/^\d+$/.test(text.trim())) return null;
  return Number(text);
}

export async function page<T>(
  path: string,
  query: ListQuery | URLSearchParams,
  pageNumber: number,
  pageSize: number,
  failed: Call['failed'],
): Promise<Page<T>> {
  const params =
    query instanceof URLSearchParams ? new URLSearchParams(query) : queryParams(query, 1);
  params.set('page', String(pageNumber));
  params.set('pageSize', String(pageSize));
  const response = await send(`${path}?${params}`, { kind: 'read', failed });
  const items = await jsonOf<unknown>(response, failed);
  if (!Array.isArray(items))
    throw new ApiError(failed({ status: response.status, detail: 'not a list' }), response.status);
  return {
    items: items as T[],
    total: countHeader(response, 'x-total-count') ?? items.length,
    newCount: countHeader(response, 'x-new-count'),
    waitingCount: countHeader(response, 'x-waiting-count'),
    pending: countHeader(response, 'x-index-pending') ?? 0,
    quarantined: (response.headers.get('x-quarantined') ?? '').split(',').filter(Boolean),
    ...(response.headers.get('x-total-more') === 'true' && { more: true as const }),
  };
}

/** A list's failure: a 400 (bad search) in the server's words; else 'Failed to load …', status. */
export const listFailed =
  (what: string) =>
  ({ status, detail }: Failure) =>
    status === 400 ? detail : `Failed to load ${what}. HTTP error! status: ${status}`;
