/**
 * The CMS page as the build writes it (src/integrations/cms.ts) and as `astro dev` serves it,
 * and what keeps it apart from the public site: its headers in netlify.toml and its absence from
 * the JavaScript audit of public pages.
 */
import { mkdtemp, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import type { AstroIntegration, AstroIntegrationLogger } from 'astro';
import { resolveConfig } from '@netlify/config';
import { parse } from 'yaml';
import { afterAll, describe, expect, it } from 'vitest';
import cms, { devMiddleware } from '../../src/integrations/cms';
import { leaksIn } from '../../scripts/deploy-check/checks';
import { routesIn } from '../../scripts/js-audit/budgets';

const root = join(import.meta.dirname, '../..');
const bundle = dirname(createRequire(import.meta.url).resolve('decap-cms'));
const folders: string[] = [];
afterAll(() => Promise.all(folders.map((dir) => rm(dir, { recursive: true, force: true }))));

/** Runs the integration's hooks as `astro build` does, on a folder holding a built home page. */
async function build(env: Record<string, string>): Promise<string> {
  const dist = await mkdtemp(join(tmpdir(), 'cms-build-'));
  folders.push(dist);
  await writeFile(
    join(dist, 'index.html'),
    '<html><head><link rel="stylesheet" href="/_astro/a.css"><link rel="icon" href="/f.svg">' +
      '<link rel="stylesheet" href="/_astro/b.css"></head></html>',
  );
  const { hooks } = cms(env) as Required<AstroIntegration>;
  (hooks['astro:config:done'] as (o: unknown) => void)({
    config: { root: pathToFileURL(`${root}/`) },
  });
  const silent = { info: () => undefined } as unknown as AstroIntegrationLogger;
  await (hooks['astro:build:done'] as (o: unknown) => Promise<void>)({
    dir: pathToFileURL(`${dist}/`),
    logger: silent,
    pages: [],
  });
  return join(dist, 'cms');
}

describe('the CMS in the build', () => {
  it('writes a noindex page that loads only the bundle and the init module from /cms/', async () => {
    const out = await build({ CMS_GITHUB_REPO: 'acme/site' });
    const page = await readFile(join(out, 'index.html'), 'utf8');
    expect(page).toContain('<meta name="robots" content="noindex, nofollow" />');
    expect(page).toMatch(/<title>[^<]+<\/title>/);
    const sources = [...page.matchAll(/\b(?:src|href)="([^"]+)"/g)].map(([, url]) => url);
    expect(sources).toEqual([
      '/cms/config.yml',
      '/cms/manual-init.js',
      '/cms/decap-cms.js',
      '/cms/init.js',
    ]);
  });

  it("without a repository, writes a page in the site's styles that says what to do, and no CMS", async () => {
    const out = await build({});
    const page = await readFile(join(out, 'index.html'), 'utf8');
    expect(page).toContain('<meta name="robots" content="noindex, nofollow" />');
    expect(page).toContain('<link rel="stylesheet" href="/_astro/a.css" />');
    expect(page).toContain('CMS_GITHUB_REPO');
    expect(page).toContain('npm run cms');
    expect(page).not.toContain('<script');
    expect(await readdir(out)).toEqual(['index.html']);
  });

  it('writes the generated config, with the repository from the environment', async () => {
    const out = await build({ CMS_GITHUB_REPO: 'acme/site', CMS_BRANCH: 'live' });
    const config = parse(await readFile(join(out, 'config.yml'), 'utf8'), { maxAliasCount: -1 });
    expect(config.backend).toMatchObject({ name: 'github', repo: 'acme/site', branch: 'live' });
    expect(config.collections.length).toBeGreaterThan(6);
  });

  it("registers the home page's stylesheets as the preview style, and a template per collection", async () => {
    const out = await build({ CMS_GITHUB_REPO: 'acme/site' });
    const init = await readFile(join(out, 'init.js'), 'utf8');
    expect(init).toContain('["/_astro/a.css","/_astro/b.css"]');
    expect(init).toContain('CMS.registerPreviewStyle(href)');
    expect(init).toContain("import { registerPreviews } from './preview.js';");
    expect(init).toContain(
      'registerPreviews({"pages":"page","projects":"page","slides":"slide","team":"card"',
    );
    expect(init).toContain('"items-eia":"card"');
    expect(await readFile(join(out, 'preview.js'), 'utf8')).toBe(
      await readFile(join(root, 'src/integrations/cms/preview.js'), 'utf8'),
    );
  });

  it('bundles the tidy YAML formats and starts the CMS only after registering them', async () => {
    const out = await build({ CMS_GITHUB_REPO: 'acme/site' });
    expect(await readFile(join(out, 'manual-init.js'), 'utf8')).toBe(
      'window.CMS_MANUAL_INIT = true;\n',
    );
    const formats = await readFile(join(out, 'formats.js'), 'utf8');
    // The yaml package is inside, not imported from anywhere.
    expect(formats).not.toMatch(/\bimport\b[^;]*\bfrom\s*["']/);
    expect(formats).not.toMatch(/https?:\/\//);
    const registered: string[] = [];
    const url = `data:text/javascript;base64,${Buffer.from(formats).toString('base64')}`;
    const { registerFormats } = (await import(url)) as {
      registerFormats: (cms: { registerCustomFormat: (name: string) => void }) => void;
    };
    registerFormats({ registerCustomFormat: (name) => void registered.push(name) });
    expect(registered).toEqual(['tidy-yaml', 'tidy-frontmatter']);
    const init = await readFile(join(out, 'init.js'), 'utf8');
    expect(init.indexOf('registerFormats(window.CMS)')).toBeGreaterThan(-1);
    expect(init.indexOf('registerFormats(window.CMS)')).toBeLessThan(
      init.indexOf('window.CMS.init()'),
    );
  });

  it('ships every chunk and wasm file the bundle can load, and no source map', async () => {
    const out = await build({ CMS_GITHUB_REPO: 'acme/site' });
    const shipped = new Set(await readdir(out));
    const chunks = (await readdir(bundle)).filter((file) => /^\d+\.decap-cms\.js$/.test(file));
    expect(chunks.length).toBeGreaterThan(50);
    for (const chunk of ['decap-cms.js', ...chunks]) expect(shipped, chunk).toContain(chunk);
    const code = await Promise.all(
      [...shipped].filter((f) => f.endsWith('.js')).map((f) => readFile(join(out, f))),
    );
    const wasm = new Set(code.flatMap((c) => c.toString().match(/\b[0-9a-f]{20}\.wasm\b/g) ?? []));
    for (const file of wasm) expect(shipped, file).toContain(file);
    const leaks = [...shipped].flatMap((file, i) =>
      file.endsWith('.js') ? leaksIn(file, code[i] ?? Buffer.alloc(0), []) : [],
    );
    expect(leaks).toEqual([]);
    expect([...shipped].filter((file) => file.endsWith('.map'))).toEqual([]);
  });
});

describe('the CMS under astro dev', () => {
  let server: Server | undefined;
  afterAll(() => new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined))));

  async function origin(): Promise<string> {
    const middleware = devMiddleware(root, { CMS_GITHUB_REPO: 'acme/site' });
    server = createServer((req, res) =>
      middleware(req, res, () => {
        res.writeHead(404).end('next');
      }),
    );
    await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(server?.address() as AddressInfo).port}`;
  }

  it('serves the page, a fresh config and the bundle, and passes other paths on', async () => {
    const base = await origin();
    const page = await fetch(`${base}/cms/`);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(await page.text()).toContain('/cms/decap-cms.js');
    const config = await fetch(`${base}/cms/config.yml`);
    expect(parse(await config.text(), { maxAliasCount: -1 }).backend.repo).toBe('acme/site');
    const script = await fetch(`${base}/cms/decap-cms.js`);
    expect(script.headers.get('content-type')).toContain('javascript');
    expect((await script.text()).length).toBeGreaterThan(1_000_000);
    for (const path of ['/cms/../package.json', '/cms/secret.txt', '/cmsx', '/about/']) {
      expect((await fetch(`${base}${path}`)).status, path).toBe(404);
    }
  });
});

describe('the CMS apart from the public site', () => {
  it('gets noindex, popups for sign-in and its own CSP on /cms/*, other pages keep theirs', async () => {
    const { config } = await resolveConfig({
      cwd: root,
      repositoryRoot: root,
      context: 'production',
      offline: true,
      mode: 'cli',
      buffer: true,
    });
    const rules = (config as { headers: { for: string; values: Record<string, string> }[] })
      .headers;
    const cmsRule = rules.find((rule) => rule.for === '/cms/*')?.values ?? {};
    expect(cmsRule['X-Robots-Tag']).toContain('noindex');
    expect(cmsRule['Cross-Origin-Opener-Policy']).toBe('same-origin-allow-popups');
    const csp = cmsRule['Content-Security-Policy'] ?? '';
    expect(csp).toContain("script-src 'self' 'unsafe-eval';");
    expect(csp).toContain(
      "connect-src 'self' https://api.github.com http://127.0.0.1:8081 http://localhost:8081;",
    );
    expect(csp).not.toMatch(/script-src[^;]*(https?:|\*|'unsafe-inline')/);
    const all = rules.find((rule) => rule.for === '/*')?.values ?? {};
    expect(all['Content-Security-Policy']).not.toContain('unsafe-eval');
  });

  it('is left out of the JavaScript audit of public pages', async () => {
    const dist = await mkdtemp(join(tmpdir(), 'cms-audit-'));
    folders.push(dist);
    for (const file of ['index.html', 'about/index.html', 'cms/index.html']) {
      await mkdir(join(dist, dirname(file)), { recursive: true });
      await writeFile(join(dist, file), '');
    }
    expect(await routesIn(dist)).toEqual(['/', '/about']);
  });
});
