/** GET /api/applications.csv (admin): every application as CSV, in parts (csv-export.ts). */
import type { Config } from '@netlify/functions';
import { APPLICATION } from '../src/lib/leads/index.ts';
import { admin } from './_lib/auth.ts';
import { csvExport } from './_lib/csv-export.ts';
import { dispatch, endpoint } from './_lib/http.ts';

const exportCsv = admin(csvExport(APPLICATION), {
  event: 'leads.exported',
  target: () => APPLICATION.store,
});

export default endpoint((req, context) => dispatch(req, context, { GET: exportCsv }));

export const config: Config = {
  path: '/api/applications.csv',
};
