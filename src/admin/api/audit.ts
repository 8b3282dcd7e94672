/** The audit log: a page of records by filters, and its CSV. */
import type { AuditRecord } from '../../lib/audit-events';
import { listFailed, page, send, type Failure, type Page } from './client';

/** One record of the audit log (functions/_lib/audit.ts), as GET /api/audit lists it. */
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
