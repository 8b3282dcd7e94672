/**
 * Every kind of lead (enquiries on the dashboard, contact messages in their room): a page of a
 * kind's records, one record, its follow-up, its delete and its CSV.
 *
 * Follow-up (status, notes) is written under a version: each record carries `version`, which a
 * status change sends back as `If-Match: "<version>"`; a stale one answers 409, which callers
 * see as an `ApiError` with status 409 (and reload). A note raises the version, so `addNote`
 * returns the new one from the answer's ETag for the next change.
 */
import type {
  Application,
  ContactMessage,
  Enquiry,
  FollowUp,
  Note,
  Status,
} from '../../lib/schemas';
import type { ListQuery } from '../../lib/schemas/search';
import { ENQUIRY, MESSAGE, type AnyLeadKind } from '../../lib/leads';
import { jsonOf, listFailed, page, send, type Failure, type Page } from './client';

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

/** An enquiry as the admin API returns it: its fields plus status, notes and version. */
export type AdminEnquiry = Enquiry & FollowUp;
export type AdminContactMessage = ContactMessage & FollowUp;
export type AdminApplication = Application & FollowUp;

/**
 * A record's file (an application's CV) as a file to save, with the name the server gives it:
 * fetched with the admin's token (a plain link could not send it), never opened in the page.
 */
export async function downloadAttachment(
  kind: AnyLeadKind,
  id: string,
): Promise<{ blob: Blob; filename: string }> {
  const label = kind.attachment?.label ?? 'file';
  const failed = ({ detail }: Failure) => `Could not download the ${label}: ${detail}`;
  const response = await send(`${leadPath(kind, id)}/${kind.attachment?.field ?? 'file'}`, {
    kind: 'read',
    failed,
  });
  const disposition = response.headers.get('content-disposition') ?? '';
  const filename = /filename="?([^";]+)"?/.exec(disposition)?.[1] ?? `${label}-${id}`;
  return { blob: await response.blob(), filename };
}

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
