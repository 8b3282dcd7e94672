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

/** A path and the methods it answers (HEAD goes with GET). */
type Routes = readonly (readonly [path: ApiRoute['path'], methods: readonly ApiMethod[]])[];

const expand = (routes: Routes): ApiRoute[] =>
  routes.flatMap(([path, methods]) => methods.map((method) => ({ method, path })));

/** The routes of one kind of lead. */
export function leadRoutes(kind: AnyLeadKind): ApiRoute[] {
  const records = `/api/${kind.store}` as const;
  return expand([
    [kind.form.api, ['POST']],
    [records, ['GET']],
    [`${records}/:id`, ['GET', 'PATCH']],
    [`${records}/:id/notes`, ['POST']],
    [`${records}/:id`, ['DELETE']],
    ...(kind.csv ? ([[`${records}.csv`, ['GET']]] as const) : []),
    ...(kind.attachment
      ? ([
          [`${records}/parts`, ['POST']],
          [`${records}/:id/${kind.attachment.field}`, ['GET']],
        ] as const)
      : []),
  ]);
}

export const API_ROUTES: readonly ApiRoute[] = [
  ...expand([
    ['/api/announcements', ['GET', 'POST']],
    ['/api/announcements/:id', ['PUT', 'DELETE']],
    ['/api/login', ['POST']],
    ['/api/login/passkey', ['POST']],
    ['/api/login/totp', ['POST']],
    ['/api/login/recovery', ['POST']],
    ['/api/login/enrol', ['POST']],
    ['/api/logout', ['POST']],
  ]),
  ...LEAD_KINDS.flatMap(leadRoutes),
  ...expand([
    ['/api/health', ['GET']],
    ['/api/challenge', ['GET']],
    ['/api/pageview', ['POST']],
    ['/api/erasure', ['GET', 'POST']],
    ['/api/outbox', ['GET', 'POST']],
    ['/api/backup', ['GET']],
    ['/api/audit', ['GET']],
    ['/api/audit.csv', ['GET']],
    ['/api/security', ['GET']],
    ['/api/insights', ['GET']],
    ['/api/held', ['GET']],
    ['/api/held/:id', ['POST']],
    ['/api/insights.csv', ['GET']],
    ['/api/passkeys', ['POST']],
    ['/api/passkeys/options', ['POST']],
    ['/api/passkeys/:id', ['PATCH', 'DELETE']],
    ['/api/totp', ['POST', 'DELETE']],
    ['/api/totp/setup', ['POST']],
    ['/api/recovery-codes', ['POST']],
    ['/api/sessions', ['GET', 'DELETE']],
    ['/api/sessions/:id', ['DELETE']],
  ]),
];

/** A concrete request path for a route's path: each `:param` becomes a sample id. */
export function samplePath(path: string): string {
  return path.replace(/:[A-Za-z]\w*/g, '01J0SAMPLE0ID');
}
