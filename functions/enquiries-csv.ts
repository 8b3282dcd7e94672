/** GET /api/enquiries.csv (admin): every enquiry as CSV, in parts (csv-export.ts). */
import type { Config } from '@netlify/functions';
import { ENQUIRY } from '../src/lib/leads/index.ts';
import { admin } from './_lib/auth.ts';
import { csvExport } from './_lib/csv-export.ts';
import { dispatch, endpoint } from './_lib/http.ts';

export { CSV_PART_ROWS } from './_lib/csv-export.ts';

const exportCsv = admin(csvExport(ENQUIRY), {
  event: 'leads.exported',
  target: () => ENQUIRY.store,
});

export default endpoint((req, context) => dispatch(req, context, { GET: exportCsv }));

export const config: Config = {
  path: '/api/enquiries.csv',
};
