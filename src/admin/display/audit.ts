/** The texts of the audit log in the admin: its events, targets, counts and filter options. */
import { AUDIT_EVENTS, AUDIT_EVENT_LABELS, isAuditEvent } from '../../lib/audit-events';
import type { AuditFilters } from '../api/audit';
import { listSummary, type Noun } from './counts';
import { NOT_AVAILABLE } from './values';

const AUDIT_NOUN: Noun = { one: 'audit record', many: 'audit records' };

/** How many months the log keeps a record. */
export { AUDIT_MONTHS as AUDIT_KEPT_MONTHS } from '../../lib/audit-events';

export const NO_AUDIT_FILTERS: AuditFilters = { event: '', from: '', to: '' };

/** The event select's options: every event of the shared list, in its order, by its label. */
export const auditEventOptions = (): { value: string; label: string }[] =>
  AUDIT_EVENTS.map((event) => ({ value: event, label: AUDIT_EVENT_LABELS[event] }));

/** An event in words; one this page does not know yet (a newer server) by its name. */
export const auditEventLabel = (event: string) =>
  isAuditEvent(event) ? AUDIT_EVENT_LABELS[event] : event;

/** An erasure's target: the SHA-256 of the address, 'sha256:' and 64 hex digits. */
const HASH = /^sha256:([0-9a-f]{64})$/i;

/**
 * A target as the table shows it: as stored, but a hash cut to its first 12 digits (`full` then
 * holds the whole value for the title and for screen readers); 'N/A' when there is none.
 */
export function auditTarget(target: string | undefined): { text: string; full?: string } {
  if (target === undefined || target === '') return { text: NOT_AVAILABLE };
  const hash = HASH.exec(target)?.[1];
  return hash === undefined
    ? { text: target }
    : { text: `sha256:${hash.slice(0, 12)}…`, full: target };
}

/** Whether any filter narrows the log. */
export const auditFiltered = (filters: AuditFilters) =>
  filters.event !== '' || filters.from !== '' || filters.to !== '';

/**
 * '40 audit records, page 1 of 2', or with filters '3 audit records match, page 1 of 1'. When
 * the server stopped counting (`more`, a long log): 'At least 1,020 audit records, page 1 of 51
 * or more'.
 */
export const auditSummary = (
  total: number,
  page: number,
  pages: number,
  filtered: boolean,
  more = false,
) =>
  more
    ? `At least ${listSummary(total, AUDIT_NOUN, page, pages, filtered)} or more`
    : listSummary(total, AUDIT_NOUN, page, pages, filtered);

/** Said beside Download CSV when the file holds only the newest records of the selection. */
export const AUDIT_CSV_PARTIAL =
  'The file holds the newest 500 records of this selection: narrow the dates for older ones.';

export const auditEmpty = (filtered: boolean) =>
  filtered ? 'No audit records match these filters.' : 'No audit records yet.';
