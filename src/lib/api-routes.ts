/**
 * Every route of the API, in one table: the functions' `config.path`s, the admin client's paths,
 * the README's API table and the deploy check (which holds the bundled functions' routes
 * against it) are all checked against this list (tests/unit/api-routes.test.ts). The routes of
 * each kind of lead come from its declaration: `/api/<store>` and its records, the CSV export
 * when the kind has one, and the public path its form posts to. `:id` stands for any one path
 * segment.
 */
import { LEAD_KINDS, type AnyLeadKind } from './leads/index.ts';

export type ApiMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ApiRoute {
  method: ApiMethod;
  path: `/api/${string}`;
}

/** The routes of one kind of lead. */
export function leadRoutes(kind: AnyLeadKind): ApiRoute[] {
  const records = `/api/${kind.store}` as const;
  return [
    { method: 'POST', path: kind.form.api },
    { method: 'GET', path: records },
    { method: 'GET', path: `${records}/:id` },
    { method: 'PATCH', path: `${records}/:id` },
    { method: 'POST', path: `${records}/:id/notes` },
    { method: 'DELETE', path: `${records}/:id` },
    ...(kind.csv ? [{ method: 'GET', path: `${records}.csv` } as const] : []),
  ];
}

export const API_ROUTES: readonly ApiRoute[] = [
  { method: 'GET', path: '/api/announcements' },
  { method: 'POST', path: '/api/announcements' },
  { method: 'PUT', path: '/api/announcements/:id' },
  { method: 'DELETE', path: '/api/announcements/:id' },
  { method: 'POST', path: '/api/login' },
  { method: 'POST', path: '/api/logout' },
  ...LEAD_KINDS.flatMap(leadRoutes),
  { method: 'GET', path: '/api/health' },
  { method: 'GET', path: '/api/erasure' },
  { method: 'POST', path: '/api/erasure' },
];

/** A concrete request path for a route's path: each `:param` becomes a sample id. */
export function samplePath(path: string): string {
  return path.replace(/:[A-Za-z]\w*/g, '01J0SAMPLE0ID');
}
