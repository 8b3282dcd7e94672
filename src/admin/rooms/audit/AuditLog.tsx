/**
 * The dashboard's audit log (GET /api/audit): what was done in the admin, when and from where,
 * newest first, one server page at a time, narrowed by event and dates. Apply reads the log
 * again, so the admin's latest actions show. Download CSV saves every record the applied filters
 * match. A refused filter (the server's 400, a bad date) is said in the form, in its words.
 */
import { useEffect, useState } from 'react';
import { ApiError, API_MESSAGES } from '../../api/client';
import { downloadAuditCsv, listAudit, type AuditEntry, type AuditFilters } from '../../api/audit';
import {
  AUDIT_CSV_PARTIAL,
  AUDIT_KEPT_MONTHS,
  NO_AUDIT_FILTERS,
  auditEmpty,
  auditFiltered,
  auditSummary,
  pageCount,
  pageWithin,
} from '../../display';
import { saveFile } from '../../save-file';
import Alert from '../../components/Alert';
import AuditFilterForm from './AuditFilterForm';
import AuditTable from './AuditTable';
import Button from '../../components/Button';
import Pagination from '../../components/Pagination';

const PAGE_SIZE = 20;
const HEADING_ID = 'audit-heading';

interface Listing {
  status: 'loading' | 'loaded' | 'error';
  records: AuditEntry[];
  total: number;
  /** The server stopped counting: `total` is a lower bound. */
  more: boolean;
  error: string;
  /** The server refused the filters (400): its message belongs to the form. */
  refused: boolean;
}

const messageOf = (failure: unknown) =>
  failure instanceof ApiError ? failure.message : API_MESSAGES.network;

export default function AuditLog() {
  // `version` makes Apply read the log again even when the filters are the same.
  const [query, setQuery] = useState({ filters: NO_AUDIT_FILTERS, page: 1, version: 0 });
  const [listing, setListing] = useState<Listing>({
    status: 'loading',
    records: [],
    total: 0,
    more: false,
    error: '',
    refused: false,
  });
  const [csv, setCsv] = useState({ busy: false, error: '', note: '' });

  useEffect(() => {
    let live = true;
    setListing((current) => ({ ...current, status: 'loading' }));
    listAudit(query.filters, query.page, PAGE_SIZE).then(
      ({ items, total, more }) => {
        if (!live) return;
        const fitting = pageWithin(query.page, total, PAGE_SIZE);
        if (fitting !== query.page) return setQuery((current) => ({ ...current, page: fitting }));
        setListing({
          status: 'loaded',
          records: items,
          total,
          more: more === true,
          error: '',
          refused: false,
        });
      },
      (failure: unknown) => {
        if (!live) return;
        const refused = failure instanceof ApiError && failure.status === 400;
        // A refused query has no results; other failures leave the last page in view.
        setListing((current) => ({
          status: 'error',
          records: refused ? [] : current.records,
          total: refused ? 0 : current.total,
          more: refused ? false : current.more,
          error: messageOf(failure),
          refused,
        }));
      },
    );
    return () => {
      live = false;
    };
  }, [query]);

  // A new object each time: the form puts the applied values back (a Clear of a draft, say).
  const apply = (filters: AuditFilters) =>
    setQuery((current) => ({ filters: { ...filters }, page: 1, version: current.version + 1 }));

  async function download() {
    setCsv({ busy: true, error: '', note: '' });
    try {
      const { blob, filename, more } = await downloadAuditCsv(query.filters);
      saveFile(blob, filename);
      setCsv({ busy: false, error: '', note: more ? AUDIT_CSV_PARTIAL : '' });
    } catch (failure) {
      setCsv({ busy: false, error: messageOf(failure), note: '' });
    }
  }

  const { status, records, total, more, refused } = listing;
  const filtered = auditFiltered(query.filters);
  const pages = pageCount(total, PAGE_SIZE);
  let text = '';
  if (status === 'loading') text = 'Loading audit records...';
  else if (status === 'loaded' && records.length === 0) text = auditEmpty(filtered);
  else if (records.length > 0) text = auditSummary(total, query.page, pages, filtered, more);

  return (
    <section className="admin-section admin-audit" aria-labelledby={HEADING_ID}>
      <div className="admin-section__header">
        <h2 id={HEADING_ID}>Audit log</h2>
        <div className="admin-csv">
          <Button variant="secondary" onClick={() => void download()} disabled={csv.busy}>
            Download CSV
            <span className="visually-hidden">
              {filtered ? ' of the audit records matching the filters' : ' of the audit log'}
            </span>
          </Button>
          <Alert message={csv.error} />
          {csv.note && <p className="admin-hint">{csv.note}</p>}
        </div>
      </div>
      <p className="admin-hint admin-audit__intro">
        Every sign-in and sign-out, and every change made here (statuses, notes, deletions,
        erasures, exports, announcements, e-mail retries): when, from which address and in which
        session. Records are kept for {AUDIT_KEPT_MONTHS} months.
      </p>
      <AuditFilterForm
        values={query.filters}
        onApply={apply}
        error={status === 'error' && refused ? listing.error : ''}
      />
      <Alert message={status === 'error' && !refused ? listing.error : ''} />
      <p className="admin-count" role="status">
        {text}
      </p>
      {records.length > 0 && (
        <AuditTable records={records} busy={status === 'loading'} labelledBy={HEADING_ID} />
      )}
      <Pagination
        page={query.page}
        pages={pages}
        onPage={(page) => setQuery((current) => ({ ...current, page }))}
        label="Audit log pages"
      />
    </section>
  );
}
