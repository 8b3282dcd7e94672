/**
 * GET /api/audit (admin): the audit log (_lib/audit.ts), newest first, one page at a time
 * (`page`, `pageSize`; X-Total-Count), filtered by `event` and by the dates `from` and `to`
 * (YYYY-MM-DD, inclusive, UTC). GET /api/audit.csv: the same selection, every page, as CSV.
 */
import type { Config } from '@netlify/functions';
import { AUDIT_EVENTS, auditRecords, isAuditEvent, type AuditQuery } from './_lib/audit.ts';
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

const list = admin(async (req) => {
  const url = new URL(req.url);
  const { page, pageSize } = pageParams(req);
  const records = await auditRecords(queryOf(url));
  const slice = records.slice((page - 1) * pageSize, page * pageSize);
  return json(slice, 200, { 'x-total-count': String(records.length), 'cache-control': 'no-store' });
});

const COLUMNS = ['at', 'event', 'target', 'count', 'ip', 'session'] as const;

const exportCsv = admin(async (req) => {
  const records = await auditRecords(queryOf(new URL(req.url)));
  const body = toCsv(
    ['Time', 'Event', 'Target', 'Count', 'Client address', 'Session'],
    records.map((record) => COLUMNS.map((column) => record[column])),
  );
  return new Response(body, {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': 'attachment; filename="audit-log.csv"',
      'cache-control': 'no-store',
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
