/**
 * The CSV export of a kind of lead (GET /api/<store>.csv, admin): every record, newest first, as
 * a spreadsheet-safe CSV, in parts. Each answer holds as many rows as the request's storage time
 * allows (and at most `limit`, and about 4 MB), and, when more remain, `X-Next-After: <id>`: the
 * next part is `?after=<id>`. Only the first part starts with the byte-order mark and the header,
 * so the parts joined in order are one file (the admin's download button fetches and joins
 * them). The lead's language (`en`, `ml`, `ar`), then Status and Last change (of status; empty
 * until the first), then the lead's source (landing page, referrer, campaign, page sent from;
 * empty when unknown) come after the form's fields.
 */
import {
  LANGUAGE_LABEL,
  SOURCE_LABELS,
  fieldsOf,
  type AnyLeadKind,
  type LeadSource,
} from '../../src/lib/leads/index.ts';
import { csvRow } from './csv.ts';
import { HttpError, type Handler } from './http.ts';
import { isId } from './ids.ts';
import { leadTimeline } from './repositories/timeline.ts';

const SOURCE_KEYS = Object.keys(SOURCE_LABELS) as (keyof LeadSource)[];

/** Rows of one part at most (and the default). */
export const CSV_PART_ROWS = 5_000;
/** Characters of one part at most: well under Netlify's 6 MB response limit. */
const CSV_PART_CHARS = 4_000_000;

function partParams(req: Request): { after: string | undefined; limit: number } {
  const query = new URL(req.url).searchParams;
  const after = query.get('after') ?? undefined;
  if (after !== undefined && !isId(after)) {
    throw new HttpError(400, 'after must be the id an earlier part named in X-Next-After.');
  }
  const rawLimit = query.get('limit') ?? '';
  const limit = rawLimit === '' ? CSV_PART_ROWS : Number(rawLimit);
  if (!/^\d{0,6}$/.test(rawLimit) || limit < 1 || limit > CSV_PART_ROWS) {
    throw new HttpError(400, `limit must be a whole number from 1 to ${CSV_PART_ROWS}.`);
  }
  return { after, limit };
}

/** The CSV of every record of `kind`, in parts (see the file's header). */
export function csvExport(kind: AnyLeadKind): Handler {
  const records = leadTimeline(kind);
  const fields = fieldsOf(kind);
  const header = [
    'ID',
    'Date',
    ...fields.map((field) => kind.labels[field]),
    LANGUAGE_LABEL,
    'Status',
    'Last change',
    ...Object.values(SOURCE_LABELS),
  ];
  return async (req) => {
    const { after, limit } = partParams(req);
    const part = await records.exportPage(after, limit);
    // The byte-order mark makes Excel read the file as UTF-8.
    const lines = after === undefined ? [`\uFEFF${csvRow(header)}`] : [];
    let chars = lines[0]?.length ?? 0;
    let next = part.next;
    for (const [index, record] of part.records.entries()) {
      const line = csvRow([
        record._id,
        record.createdAt,
        ...fields.map((field) => record[field]),
        record['lang'],
        record.status,
        record.statusChangedAt,
        ...SOURCE_KEYS.map((key) => (record['source'] as LeadSource | undefined)?.[key]),
      ]);
      if (index > 0 && chars + line.length > CSV_PART_CHARS) {
        next = part.records[index - 1]!._id;
        break;
      }
      lines.push(line);
      chars += line.length;
    }
    const date = new Date().toISOString().slice(0, 10);
    return new Response(lines.join(''), {
      headers: {
        'content-type': 'text/csv; charset=utf-8; header=present',
        'content-disposition': `attachment; filename="${kind.store}-${date}.csv"`,
        'cache-control': 'no-store',
        'x-content-type-options': 'nosniff',
        ...(next === undefined ? {} : { 'x-next-after': next }),
      },
    });
  };
}
