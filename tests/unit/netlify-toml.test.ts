/**
 * netlify.toml, read by Netlify's own config resolver (@netlify/config, what its builds use) for
 * each deploy context: what it promises about headers, contexts and bundling holds.
 */
import { resolveConfig } from '@netlify/config';
import { describe, expect, it } from 'vitest';
import { isNoindexBuild } from '../../src/integrations/robots';
import { TRANSLATED_LOCALES } from '../../src/i18n/locales';

interface HeaderRule {
  for: string;
  values: Record<string, string>;
}

interface Resolved {
  build: {
    command: string;
    publish: string;
    functions?: string;
    environment: Record<string, string>;
  };
  functions: Record<string, Record<string, unknown>>;
  headers: HeaderRule[];
  redirects: { from: string; to: string; status?: number; force?: boolean }[];
}

async function resolve(context: string): Promise<Resolved> {
  const { config } = await resolveConfig({
    cwd: process.cwd(),
    repositoryRoot: process.cwd(),
    context,
    offline: true,
    mode: 'cli',
    buffer: true,
  });
  return config as unknown as Resolved;
}

function headersFor(config: Resolved, path: string): Record<string, string> {
  const rule = config.headers.find((h) => h.for === path);
  if (!rule) throw new Error(`no [[headers]] rule for ${path}`);
  return rule.values;
}

describe('netlify.toml', () => {
  it('builds with npm run build into dist, with the functions in functions/', async () => {
    const config = await resolve('production');
    expect(config.build.command).toBe('npm run build');
    expect(config.build.publish).toMatch(/[/\\]dist$/);
    expect(config.build.functions).toMatch(/[/\\]functions$/);
  });

  it('sends the security headers on every path', async () => {
    const all = headersFor(await resolve('production'), '/*');
    expect(all['Strict-Transport-Security']).toMatch(/^max-age=\d{8,}; includeSubDomains/);
    expect(all['X-Content-Type-Options']).toBe('nosniff');
    expect(all['Referrer-Policy']).toBe('strict-origin-when-cross-origin');
    expect(all['Permissions-Policy']).toContain('camera=()');
    expect(all['Content-Security-Policy']).toContain("frame-ancestors 'self'");
    expect(all['Cross-Origin-Opener-Policy']).toBe('same-origin');
    expect(all['X-Frame-Options']).toBe('SAMEORIGIN');
  });

  it('caches fingerprinted build assets for a year, immutable', async () => {
    expect(headersFor(await resolve('production'), '/_astro/*')['Cache-Control']).toBe(
      'public, max-age=31536000, immutable',
    );
  });

  it('keeps the admin area and the login page out of caches and search engines', async () => {
    const config = await resolve('production');
    expect(headersFor(config, '/admin/*')['Cache-Control']).toBe('no-store');
    expect(headersFor(config, '/admin/*')['X-Robots-Tag']).toContain('noindex');
    expect(headersFor(config, '/login/*')['X-Robots-Tag']).toContain('noindex');
  });

  it('makes deploy previews and branch deploys noindex builds, and production not', async () => {
    for (const context of ['deploy-preview', 'branch-deploy']) {
      const { environment } = (await resolve(context)).build;
      expect(environment['ROBOTS_NOINDEX'], context).toBe('true');
      expect(isNoindexBuild({ ...environment, CONTEXT: context }), context).toBe(true);
    }
    const { environment } = (await resolve('production')).build;
    expect(isNoindexBuild({ ...environment, CONTEXT: 'production' })).toBe(false);
  });

  it('leaves bundling to Netlify: no node_bundler (esbuild would be ignored for these functions)', async () => {
    for (const settings of Object.values((await resolve('production')).functions)) {
      expect(settings).not.toHaveProperty('node_bundler');
    }
  });
});

describe('each language has its 404 page', () => {
  it("a missing page under /<locale>/ answers 404 with that language's page, unforced", async () => {
    const { redirects } = await resolve('production');
    for (const locale of TRANSLATED_LOCALES) {
      expect(redirects).toContainEqual(
        expect.objectContaining({
          from: `/${locale}/*`,
          to: `/${locale}/404/index.html`,
          status: 404,
          force: false,
        }),
      );
    }
  });
});
