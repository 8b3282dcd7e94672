/**
 * The API route table (src/lib/api-routes.ts) is the one list of routes: every function's
 * `config.path`, every path the site's own code calls, and the README's API table say exactly
 * what it says. (The deploy check holds the bundled functions against it: verify-deploy.test.ts.)
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { API_ROUTES, leadRoutes } from '../../src/lib/api-routes.ts';
import { ENQUIRY, MESSAGE } from '../../src/lib/leads/index.ts';

const root = join(import.meta.dirname, '../..');
const routePaths = new Set(API_ROUTES.map((route) => route.path));

/** Files below `dir` (relative to the root) whose names end with one of `extensions`. */
function sourceFiles(dir: string, extensions: readonly string[]): string[] {
  return readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' })
    .filter((name) => extensions.some((extension) => name.endsWith(extension)))
    .map((name) => join(dir, name));
}

describe('the API route table', () => {
  it("is what the functions' config.path declare, path for path", async () => {
    const declared = new Set<string>();
    for (const file of sourceFiles('functions', ['.ts']).filter((f) => !f.includes('_lib'))) {
      const { config } = (await import(join(root, file))) as { config?: { path?: unknown } };
      const paths = config?.path === undefined ? [] : [config.path].flat();
      for (const path of paths) declared.add(String(path));
    }
    expect([...declared].sort()).toEqual([...routePaths].sort());
  });

  it('holds every API path the site, the admin and the scripts call', () => {
    const files = [
      ...sourceFiles('src', ['.ts', '.tsx', '.astro']),
      ...sourceFiles('scripts', ['.ts']),
    ].filter((file) => !file.endsWith('api-routes.ts'));
    const called = new Set<string>();
    for (const file of files) {
      const text = readFileSync(join(root, file), 'utf8');
      // A path in quotes (not a URL of another server, such as the CMS backend's): the
      // `${…}` segments of a template stand for an id; a kind's `/api/${kind.store}` paths are
      // derived from the declaration, as the table's are (the last test); `<store>` and `*`
      // are prose.
      for (const [, path] of text.matchAll(/(?<![\w:/])['"`](\/api\/[^'"`?\s]*)/g)) {
        if (path!.startsWith('/api/${') || path === '/api/v1' || /[<*]/.test(path!)) continue;
        called.add(path!.replace(/\$\{[^}]*\}/g, ':id'));
      }
    }
    // robots.txt names the whole API as one prefix.
    called.delete('/api/');
    expect(called.size).toBeGreaterThan(5);
    // A template's `${…}` (here `:id`) stands for any one segment: a route's parameter, or one of
    // its fixed names (`/api/login/${step}` for /api/login/passkey, /totp…).
    const segments = [...routePaths].map((path) => path.split('/'));
    const known = (path: string) =>
      segments.some((route) => {
        const parts = path.split('/');
        return (
          route.length === parts.length &&
          route.every((segment, i) => segment === parts[i] || parts[i] === ':id')
        );
      });
    expect([...called].filter((path) => !known(path))).toEqual([]);
  });

  it("is the README's API table: every resource named, nothing else", () => {
    const readme = readFileSync(join(root, 'README.md'), 'utf8');
    const table = readme.slice(
      readme.indexOf('| endpoint'),
      readme.indexOf('\n\n', readme.indexOf('| endpoint')),
    );
    const named = new Set([...table.matchAll(/\/api\/[\w.-]+/g)].map(([path]) => path));
    // A resource is a path's first segment: /api/passkeys covers /api/passkeys/options and /:id.
    const resources = new Set([...routePaths].map((path) => path.split('/').slice(0, 3).join('/')));
    expect([...named].sort()).toEqual([...resources].sort());
  });

  it("derives each kind of lead's routes from its declaration", () => {
    expect(leadRoutes(ENQUIRY).map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST /api/enquiries',
      'GET /api/enquiries',
      'GET /api/enquiries/:id',
      'PATCH /api/enquiries/:id',
      'POST /api/enquiries/:id/notes',
      'DELETE /api/enquiries/:id',
      'GET /api/enquiries.csv',
    ]);
    expect(leadRoutes(MESSAGE).map((r) => `${r.method} ${r.path}`)).toContain('POST /api/contact');
    expect(leadRoutes(MESSAGE).map((r) => r.path)).not.toContain('/api/contact-messages.csv');
  });
});
