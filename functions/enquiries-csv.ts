/**
 * GET /api/enquiries.csv (admin): every enquiry, newest first, as a spreadsheet-safe CSV.
 * Status and Last change (of status; empty until the first) come last, so the columns of
 * spreadsheets built on earlier exports stay where they were.
 */
import type { Config } from '@netlify/functions';
import { ENQUIRY_FIELD_LABELS, ENQUIRY_FIELDS } from '../src/lib/schemas/index.ts';
import { admin } from './_lib/auth.ts';
import { toCsv } from './_lib/csv.ts';
import { dispatch, endpoint, type Handler } from './_lib/http.ts';
import { enquiries } from './_lib/repositories/enquiries.ts';

const exportCsv: Handler = async () => {
  const records = await enquiries.all();
  const header = [
    'ID',
    'Date',
    ...ENQUIRY_FIELDS.map((field) => ENQUIRY_FIELD_LABELS[field]),
    'Status',
    'Last change',
  ];
  const rows = records.map((record) => [
    record._id,
    record.createdAt,
    ...ENQUIRY_FIELDS.map((field) => record[field]),
    record.status,
    record.statusChangedAt,
  ]);
  const date = new Date().toISOString().slice(0, 10);
  // The byte-order mark makes Excel read the file as UTF-8.
  return new Response(`\uFEFF${toCsv(header, rows)}`, {
    headers: {
      'content-type': 'text/csv; charset=utf-8; header=present',
      'content-disposition': `attachment; filename="enquiries-${date}.csv"`,
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
    },
  });
};

export default endpoint((req, context) => dispatch(req, context, { GET: admin(exportCsv) }));

export const config: Config = {
  path: '/api/enquiries.csv',
};
