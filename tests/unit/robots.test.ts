import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { AstroIntegration, AstroIntegrationLogger } from 'astro';
import { afterEach, describe, expect, it } from 'vitest';
import robots, { isNoindexBuild, robotsTxt } from '../../src/integrations/robots';

const site = new URL('https://www.example.org');

describe('robotsTxt', () => {
  it('in production allows the site, keeps crawlers out of admin, login, logout and the API, and names the sitemap', () => {
    expect(robotsTxt(site, false)).toBe(
      [
        'User-agent: *',
        'Allow: /',
        'Disallow: /admin',
        'Disallow: /login',
        'Disallow: /logout',
        'Disallow: /api/',
        '',
        'Sitemap: https://www.example.org/sitemap-index.xml',
        '',
      ].join('\n'),
    );
  });

  it('puts the sitemap under a base path, as @astrojs/sitemap does', () => {
    expect(robotsTxt(site, false, '/docs')).toContain(
      'Sitemap: https://www.example.org/docs/sitemap-index.xml',
    );
  });

  it('on previews disallows everything and names no sitemap', () => {
    expect(robotsTxt(site, true)).toBe('User-agent: *\nDisallow: /\n');
  });
});

describe('isNoindexBuild', () => {
  it("follows Netlify's CONTEXT: previews and branch deploys are noindex, production and local builds are not", () => {
    expect(isNoindexBuild({ CONTEXT: 'deploy-preview' })).toBe(true);
    expect(isNoindexBuild({ CONTEXT: 'branch-deploy' })).toBe(true);
    expect(isNoindexBuild({ CONTEXT: 'production' })).toBe(false);
    expect(isNoindexBuild({})).toBe(false);
  });

  it('honours ROBOTS_NOINDEX=true from netlify.toml for any context', () => {
    expect(isNoindexBuild({ CONTEXT: 'staging', ROBOTS_NOINDEX: 'true' })).toBe(true);
  });
});

describe('the robots integration after a build', () => {
  let dir = '';
  afterEach(() => rm(dir, { recursive: true, force: true }));

  const silent = { info: () => undefined } as unknown as AstroIntegrationLogger;

  /** Runs the integration's two hooks as Astro does, on a temporary output folder. */
  async function build(
    env: Record<string, string>,
    before: (out: string) => Promise<void> = async () => undefined,
  ): Promise<string> {
    dir = await mkdtemp(join(tmpdir(), 'robots-'));
    await before(dir);
    const { hooks } = robots(env) as Required<AstroIntegration>;
    const configDone = hooks['astro:config:done'] as (o: unknown) => void;
    const buildDone = hooks['astro:build:done'] as (o: unknown) => Promise<void>;
    configDone({ config: { site: site.href, base: '/' } });
    await buildDone({ dir: pathToFileURL(`${dir}/`), logger: silent, pages: [] });
    return dir;
  }

  it('writes the production robots.txt and no _headers', async () => {
    const out = await build({ CONTEXT: 'production' });
    expect(await readFile(join(out, 'robots.txt'), 'utf8')).toBe(robotsTxt(site, false));
    expect(existsSync(join(out, '_headers'))).toBe(false);
  });

  it('on a deploy preview writes a blocking robots.txt and a _headers file sending noindex on every path', async () => {
    const out = await build({ CONTEXT: 'deploy-preview' });
    expect(await readFile(join(out, 'robots.txt'), 'utf8')).toBe('User-agent: *\nDisallow: /\n');
    expect(await readFile(join(out, '_headers'), 'utf8')).toBe('/*\n  X-Robots-Tag: noindex\n');
  });

  it("keeps a _headers file of the site's own and adds the noindex rule after it", async () => {
    const out = await build({ CONTEXT: 'branch-deploy' }, (folder) =>
      writeFile(join(folder, '_headers'), '/x\n  X-Test: 1\n'),
    );
    expect(await readFile(join(out, '_headers'), 'utf8')).toBe(
      '/x\n  X-Test: 1\n/*\n  X-Robots-Tag: noindex\n',
    );
  });
});
