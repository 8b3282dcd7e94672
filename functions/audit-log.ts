/**
 * GET /api/audit (admin): the audit log (_lib/audit.ts), newest first, one page at a time
 * (`page`, `pageSize`; X-Total-Count), filtered by `event` and by the dates `from` and `to`
 * (YYYY-MM-DD, inclusive, UTC). The log is kept 24 months, so a page never reads it whole
 * (_lib/audit-query.ts): past LOOKAHEAD records beyond the page the count stops, and
 * `X-Total-More: true` says X-Total-Count is a lower bound. GET /api/audit.csv: the newest
 * CSV_MAX_RECORDS of the same selection, as CSV (`X-Total-More: true` when older ones were left
 * out: narrow the dates to get them).
 */
import type { Config } from '@netlify/functions';
import { AUDIT_EVENTS, auditPage, isAuditEvent, type AuditQuery } from './_lib/audit.ts';
import { admin } from './_lib/auth.ts';
import { toCsv } from './_lib/csv.ts';
import { HttpError, dispatch, endpoint, json, pageParams } from './_lib/http.ts';

const DAY = 86_400_000;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

function queryOf(url: URL): AuditQuery {
  const query: AuditQuery = {};
  const event = url.searchParams.get('event');
  if (event) {
    if (!isAuditEvent(event)) {
      throw new HttpError(400, `Unknown event. Choose one of: ${AUDIT_EVENTS.join(', ')}.`);
    }
    query.event = event;
  }
  for (const bound of ['from', 'to'] as const) {
    const value = url.searchParams.get(bound);
    if (!value) continue;
    const time = DATE.test(value) ? Date.parse(`${value}T00:00:00Z`) : NaN;
    if (Number.isNaN(time))
      throw new HttpError(
        400,
        `The ${bound === 'from' ? 'From' : 'To'} date must be written as YYYY-MM-DD.`,
      );
    query[bound] = bound === 'to' ? time + DAY - 1 : time;
  }
  return query;
}

/** How deep into a selection a page may be: a walk never lists more keys than this and a look-ahead. */
const MAX_DEPTH = 20_000;

const list = admin(async (req) => {
  const url = new URL(req.url);
  const { page, pageSize } = pageParams(req);
  if (page * pageSize > MAX_DEPTH) {
    throw new HttpError(
      400,
      `Pages past the ${MAX_DEPTH.toLocaleString('en')}th record are not listed: narrow the dates.`,
    );
  }
  const { records, total, more } = await auditPage(queryOf(url), { page, pageSize });
  return json(records, 200, {
    'x-total-count': String(total),
    ...(more && { 'x-total-more': 'true' }),
    'cache-control': 'no-store',
  });
});

/** Records one CSV holds at most: read within one request's storage time. */
export const CSV_MAX_RECORDS = 500;

const COLUMNS = ['at', 'event', 'target', 'count', 'ip', 'session'] as const;

const exportCsv = admin(async (req) => {
  const { records, more } = await auditPage(queryOf(new URL(req.url)), {
    pageSize: CSV_MAX_RECORDS,
    lookahead: 1,
  });
  const body = toCsv(
    ['Time', 'Event', 'Target', 'Count', 'Client address', 'Session'],
    records.map((record) => COLUMNS.map((column) => record[column])),
  );
  return new Response(body, {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': 'attachment; filename="audit-log.csv"',
      'cache-control': 'no-store',
      ...(more && { 'x-total-more': 'true' }),
    },
  });
});

export default endpoint((req, context) =>
  new URL(req.url).pathname.endsWith('.csv')
    ? dispatch(req, context, { GET: exportCsv })
    : dispatch(req, context, { GET: list }),
);

export const config: Config = {
  path: ['/api/audit', '/api/audit.csv'],
};
