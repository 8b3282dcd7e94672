/**
 * Typed client of the admin API (routes: src/lib/api-routes.ts). Every call
 * sends the admin Bearer token; failures become an `ApiError` whose message is ready to show.
 * On a 401, or when the
 * token is gone, the token is cleared and the admin is sent to /login shortly after, so the
 * message can be read first.
 *
 * Follow-up (status, notes) is written under a version: each record carries `version`, which a
 * status change sends back as `If-Match: "<version>"`; a stale one answers 409, which callers
 * see as an `ApiError` with status 409 (and reload). A note raises the version, so `addNote`
 * returns the new one from the answer's ETag for the next change.
 *
 * Lists take a search query (`ListQuery`, src/lib/schemas/search.ts) and answer the page, the
 * number of matching records (`X-Total-Count`), the number of New records in the whole store
 * (`X-New-Count`) and of those New for more than a working day (`X-Waiting-Count`); each count
 * is null while a server does not send it, so the UI can leave it out.
 */
import type {
  Announcement,
  AnnouncementInput,
  BackupStatus,
  ContactMessage,
  Enquiry,
  FollowUp,
  Note,
  OutboxListing,
  Status,
  UndeliveredMail,
} from '../../lib/schemas';
import { LOCK_WARNING_HEADERS } from '../../lib/schemas/login';
import { queryParams, type ListQuery } from '../../lib/schemas/search';
import { ENQUIRY, MESSAGE, type AnyLeadKind, type ErasurePreview } from '../../lib/leads';
import type { AuditRecord } from '../../lib/audit-events';
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

function errorBody(body: unknown): { error?: string; fields: Record<string, string> } {
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

async function page<T>(
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
const listFailed =
  (what: string) =>
  ({ status, detail }: Failure) =>
    status === 400 ? detail : `Failed to load ${what}. HTTP error! status: ${status}`;

// ---- Announcements ---------------------------------------------------------------------------

const announcementFailed = (action: string) => (failure: Failure) =>
  `Could not ${action} the announcement: ${failure.detail}`;

export async function listAnnouncements(): Promise<Announcement[]> {
  const failed = ({ status }: Failure) =>
    `Failed to load announcements. HTTP error! status: ${status}`;
  const response = await send('/api/announcements', { kind: 'read', failed });
  const items = await jsonOf<unknown>(response, failed);
  return Array.isArray(items) ? (items as Announcement[]) : [];
}

export async function saveAnnouncement(
  input: AnnouncementInput,
  id?: string,
): Promise<Announcement> {
  const failed = announcementFailed(id === undefined ? 'add' : 'update');
  const path =
    id === undefined ? '/api/announcements' : `/api/announcements/${encodeURIComponent(id)}`;
  const response = await send(path, {
    method: id === undefined ? 'POST' : 'PUT',
    body: input,
    kind: 'write',
    failed,
  });
  return jsonOf<Announcement>(response, failed);
}

export async function deleteAnnouncement(id: string): Promise<void> {
  const failed = announcementFailed('delete');
  await send(`/api/announcements/${encodeURIComponent(id)}`, {
    method: 'DELETE',
    kind: 'write',
    failed,
  });
}

// ---- Leads (every kind: enquiries, contact messages) ----------------------------------------

/** A kind's API: `/api/<store>` (src/lib/api-routes.ts), and one record's path below it. */
const leadsPath = (kind: AnyLeadKind) => `/api/${kind.store}`;
const leadPath = (kind: AnyLeadKind, id: string) => `${leadsPath(kind)}/${encodeURIComponent(id)}`;

/** One page of a kind's records matching `query`, newest first. */
export function listLeads<T>(
  kind: AnyLeadKind,
  query: ListQuery,
  pageNumber: number,
  pageSize: number = kind.list.pageSize,
): Promise<Page<T>> {
  return page<T>(leadsPath(kind), query, pageNumber, pageSize, listFailed(kind.words.many));
}

export async function deleteLead(kind: AnyLeadKind, id: string): Promise<void> {
  const failed = ({ detail }: Failure) => `Failed to delete ${kind.words.one}: ${detail}`;
  await send(leadPath(kind, id), { method: 'DELETE', kind: 'write', failed });
}

export const listEnquiries = (query: ListQuery, pageNumber: number, pageSize?: number) =>
  listLeads<AdminEnquiry>(ENQUIRY, query, pageNumber, pageSize);

export const listContactMessages = (query: ListQuery, pageNumber: number, pageSize?: number) =>
  listLeads<AdminContactMessage>(MESSAGE, query, pageNumber, pageSize);

/**
 * A kind's CSV export as a file to save: its content and the name the server suggests. The server
 * answers in parts (each names the next in X-Next-After); they are fetched in turn and joined.
 */
export async function downloadCsv(kind: AnyLeadKind): Promise<{ blob: Blob; filename: string }> {
  const failed = ({ status }: Failure) =>
    `Failed to download ${kind.words.many}. HTTP error! status: ${status}`;
  const parts: Blob[] = [];
  let filename = `${kind.store}.csv`;
  let after: string | null = null;
  do {
    const path: string = `${leadsPath(kind)}.csv${
      after === null ? '' : `?after=${encodeURIComponent(after)}`
    }`;
    const response = await send(path, { kind: 'read', failed });
    if (parts.length === 0) {
      const disposition = response.headers.get('content-disposition') ?? '';
      filename = /filename="?([^";]+)"?/.exec(disposition)?.[1] ?? filename;
    }
    parts.push(await response.blob());
    after = response.headers.get('x-next-after');
  } while (after !== null);
  return { blob: new Blob(parts, { type: 'text/csv;charset=utf-8' }), filename };
}

// ---- Erasure of one person (DPDP Act 2023, GDPR) ---------------------------------------------

/** The server's own words for a 409 (the count changed); else what failed and why. */
const erasureFailed =
  (action: string) =>
  ({ status, detail }: Failure) =>
    status === 409 ? detail : `Could not ${action}: ${detail}`;

/** GET /api/erasure?email=: how many enquiries and messages use the address. */
export async function previewErasure(email: string): Promise<ErasurePreview> {
  const failed = erasureFailed('find the records');
  const response = await send(`/api/erasure?${new URLSearchParams({ email })}`, {
    kind: 'read',
    failed,
  });
  return jsonOf<ErasurePreview>(response, failed);
}

/**
 * POST /api/erasure: deletes the previewed records `ids`; a 409 when a record of the address
 * arrived after the preview (nothing is deleted then).
 */
export async function eraseRecords(
  email: string,
  ids: readonly string[],
): Promise<{ deleted: number }> {
  const failed = erasureFailed('delete the records');
  const response = await send('/api/erasure', {
    method: 'POST',
    body: { email, ids },
    kind: 'write',
    failed,
  });
  return jsonOf<{ deleted: number }>(response, failed);
}

// ---- Follow-up (enquiries and contact messages) ---------------------------------------------

/** An enquiry as the admin API returns it: its fields plus status, notes and version. */
export type AdminEnquiry = Enquiry & FollowUp;
export type AdminContactMessage = ContactMessage & FollowUp;

/** The server's own words (its 409 says to reload); else what failed and the status. */
const leadFailed =
  (kind: AnyLeadKind, action: string) =>
  ({ detail }: Failure) =>
    `Could not ${action} the ${kind.words.one}: ${detail}`;

/** The version an answer's `ETag: "<version>"` names; undefined when it names none. */
export function etagVersion(response: Response): number | undefined {
  const match = /^(?:W\/)?"([1-9]\d*)"$/.exec(response.headers.get('etag')?.trim() ?? '');
  return match ? Number(match[1]) : undefined;
}

export async function getLead<T extends FollowUp>(kind: AnyLeadKind, id: string): Promise<T> {
  const failed = leadFailed(kind, 'load');
  const response = await send(leadPath(kind, id), { kind: 'read', failed });
  return jsonOf<T>(response, failed);
}

/** PATCH the status under `If-Match`; resolves to the updated record (a 409 throws). */
export async function setStatus<T extends FollowUp>(
  kind: AnyLeadKind,
  id: string,
  status: Status,
  version: number,
): Promise<T> {
  const failed = leadFailed(kind, 'save the status of');
  const response = await send(leadPath(kind, id), {
    method: 'PATCH',
    body: { status },
    ifVersion: version,
    kind: 'write',
    failed,
  });
  return jsonOf<T>(response, failed);
}

/** POST a note; resolves to the stored note and the record's new version (from the ETag). */
export async function addNote(
  kind: AnyLeadKind,
  id: string,
  text: string,
  version?: number,
): Promise<{ note: Note; version: number | undefined }> {
  const failed = leadFailed(kind, 'add a note to');
  const response = await send(`${leadPath(kind, id)}/notes`, {
    method: 'POST',
    body: { text },
    ...(version === undefined ? {} : { ifVersion: version }),
    kind: 'write',
    failed,
  });
  const note = await jsonOf<Note>(response, failed);
  return { note, version: etagVersion(response) };
}

// ---- E-mails not delivered (the outbox) ------------------------------------------------------

/** One page of the e-mails not delivered; `next` reads the following one. */
export interface UndeliveredList {
  mails: UndeliveredMail[];
  next?: string;
}

/**
 * GET /api/outbox: the e-mails given up, or not sent 15 minutes after their lead, a page at a
 * time: the first, or the one after `after` (the previous page's `next`).
 */
export async function listUndelivered(after?: string): Promise<UndeliveredList> {
  const failed = listFailed('the e-mails not delivered');
  const path =
    after === undefined ? '/api/outbox' : `/api/outbox?after=${encodeURIComponent(after)}`;
  const response = await send(path, { kind: 'read', failed });
  const body = await jsonOf<Partial<OutboxListing> | null>(response, failed);
  if (!Array.isArray(body?.undelivered))
    throw new ApiError(failed({ status: response.status, detail: 'not a list' }), response.status);
  return {
    mails: body.undelivered,
    ...(typeof body.next === 'string' && { next: body.next }),
  };
}

/** How one Retry now went: `sending` when the server stopped waiting for the mail server. */
export type RetryResult = 'sent' | 'retry' | 'failed' | 'sending';

const RETRY_RESULTS: readonly unknown[] = ['sent', 'retry', 'failed', 'sending'];
const isRetryResult = (value: unknown): value is RetryResult => RETRY_RESULTS.includes(value);

/**
 * POST /api/outbox: sends one e-mail now, even one given up. A 404 (no longer in the outbox) and
 * a 409 (sent already, or the site sends no e-mail) come in the server's own words.
 */
export async function retryMail(key: string): Promise<RetryResult> {
  const failed = ({ status, detail }: Failure) =>
    status === 404 || status === 409 ? detail : `Could not send the e-mail: ${detail}`;
  const response = await send('/api/outbox', {
    method: 'POST',
    body: { key },
    kind: 'write',
    failed,
  });
  const result = (await jsonOf<{ result?: unknown } | null>(response, failed))?.result;
  if (!isRetryResult(result))
    throw new ApiError(
      failed({ status: response.status, detail: 'unreadable answer' }),
      response.status,
    );
  return result;
}

// ---- Backups -------------------------------------------------------------------------------

/** GET /api/backup: the last backup and whether one is overdue. */
export async function backupStatus(): Promise<BackupStatus> {
  const failed = listFailed('the time of the last backup');
  const response = await send('/api/backup', { kind: 'read', failed });
  const body = await jsonOf<Partial<BackupStatus> | null>(response, failed);
  if (body?.last === undefined || typeof body.overdue !== 'boolean')
    throw new ApiError(
      failed({ status: response.status, detail: 'unreadable answer' }),
      response.status,
    );
  return { last: body.last, overdue: body.overdue };
}

// ---- Audit log ---------------------------------------------------------------------------

/** One record of the audit log (functions/_lib/audit.ts), as GET /api/audit lists it. */
/** One record of the audit log. */
export type AuditEntry = AuditRecord;

/** The audit log's filters: an event, and dates as YYYY-MM-DD (UTC, inclusive); '' for any. */
export interface AuditFilters {
  event: string;
  from: string;
  to: string;
}

const auditParams = (filters: AuditFilters) =>
  new URLSearchParams(Object.entries(filters).filter(([, value]) => value !== ''));

/** One page of the audit records matching `filters`, newest first; a 400 in the server's words. */
export function listAudit(
  filters: AuditFilters,
  pageNumber: number,
  pageSize: number,
): Promise<Page<AuditEntry>> {
  return page<AuditEntry>(
    '/api/audit',
    auditParams(filters),
    pageNumber,
    pageSize,
    listFailed('the audit log'),
  );
}

/**
 * GET /api/audit.csv: the newest records matching `filters` (up to the server's limit; `more`
 * when older ones were left out), as a file to save.
 */
export async function downloadAuditCsv(
  filters: AuditFilters,
): Promise<{ blob: Blob; filename: string; more: boolean }> {
  const failed = ({ status, detail }: Failure) =>
    status === 400 ? detail : `Failed to download the audit log. HTTP error! status: ${status}`;
  const query = auditParams(filters).toString();
  const path = query === '' ? '/api/audit.csv' : `/api/audit.csv?${query}`;
  const response = await send(path, { kind: 'read', failed });
  const disposition = response.headers.get('content-disposition') ?? '';
  const filename = /filename="?([^";]+)"?/.exec(disposition)?.[1] ?? 'audit-log.csv';
  const more = response.headers.get('x-total-more') === 'true';
  return { blob: await response.blob(), filename, more };
}

// ---- Login -----------------------------------------------------------------------------------

/** "2 minutes", "45 seconds": a Retry-After wait in words. */
export function formatWait(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

/**
 * `message`, then the sign-in's warning as a sentence of its own when the answer says one more
 * failure may lock sign-in (`X-Attempts-Left: 1`, with the lock's `X-Lockout-Minutes`).
 */
export function withLockWarning(message: string, headers: Headers): string {
  if (headers.get(LOCK_WARNING_HEADERS.attemptsLeft) !== '1') return message;
  const minutes = Number(headers.get(LOCK_WARNING_HEADERS.lockoutMinutes));
  const length = Number.isInteger(minutes) && minutes > 0 ? ` for ${formatWait(minutes * 60)}` : '';
  return `${message.replace(/\.?$/, '.')} One more failed attempt may lock sign-in${length}.`;
}

/**
 * A sign-in call, made before there is a token: POST /api/login with the password (→ the second
 * step, `LoginStep`) or /api/login/<method> with a factor (→ `SignedIn`). 429 says how long to
 * wait and 503 passes on the server's reason. Every other failure of the password step is
 * 'Invalid credentials'; a second step's 400 and 401 come in the server's words (a wrong code,
 * an expired step), with its field messages. Either is followed by the lock warning when the
 * server gives one (`withLockWarning`).
 */
export async function login<T>(path: string, body: Record<string, unknown>): Promise<T> {
  const passwordStep = path === '/api/login';
  let response: Response;
  try {
    response = await fetch(path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
      cache: 'no-store',
    });
  } catch {
    throw new ApiError(API_MESSAGES[passwordStep ? 'invalidCredentials' : 'network'], 0);
  }
  const answer: unknown = await response.json().catch(() => null);
  if (response.ok && typeof answer === 'object' && answer !== null) return answer as T;
  if (response.status === 429) {
    const wait = Number(response.headers.get('retry-after'));
    const when = Number.isFinite(wait) && wait > 0 ? `in ${formatWait(Math.ceil(wait))}` : 'later';
    throw new ApiError(
      `Too many failed attempts: sign-in is locked. Please try again ${when}.`,
      429,
    );
  }
  const { error, fields } = errorBody(answer);
  if (response.status === 503) {
    throw new ApiError(error ?? API_MESSAGES.loginUnavailable, 503);
  }
  if (passwordStep || error === undefined) {
    const message = withLockWarning(API_MESSAGES.invalidCredentials, response.headers);
    throw new ApiError(message, response.status);
  }
  throw new ApiError(withLockWarning(error, response.headers), response.status, fields);
}
