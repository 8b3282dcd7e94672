/**
 * Writes `robots.txt` after the build, from the configured `site`, and keeps previews out of
 * search engines.
 *
 * Netlify applies custom headers (netlify.toml `[[headers]]` or a `_headers` file) to every
 * deploy alike: its docs say they cannot be scoped to a deploy context, and its documented way
 * round that is to let each context's build write the headers. So a preview build (Netlify's
 * build variable `CONTEXT` is `deploy-preview` or `branch-deploy`, or netlify.toml sets
 * `ROBOTS_NOINDEX=true` for that context) writes a `_headers` file that adds
 * `X-Robots-Tag: noindex` to every static file, and a robots.txt that disallows everything.
 * Function responses (`/api/*`) do not get `_headers`; they are JSON, not pages to index.
 */
import type { AstroIntegration } from 'astro';
import { appendFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Netlify's values of `CONTEXT` for builds that are not the public site. */
const PREVIEW_CONTEXTS = new Set(['deploy-preview', 'branch-deploy']);

/** Paths that are no business of a crawler: the admin area, its login and logout, the API. */
export const DISALLOWED_PATHS = ['/admin', '/login', '/logout', '/api/'] as const;

type BuildEnv = Readonly<Record<string, string | undefined>>;

/** True when this build must not be indexed: a preview or branch deploy, or one told so. */
export function isNoindexBuild(env: BuildEnv): boolean {
  return env['ROBOTS_NOINDEX'] === 'true' || PREVIEW_CONTEXTS.has(env['CONTEXT'] ?? '');
}

/** robots.txt for `site` (with Astro's `base`): production names its sitemap, previews block all. */
export function robotsTxt(site: URL, noindex: boolean, base = '/'): string {
  if (noindex) return 'User-agent: *\nDisallow: /\n';
  // @astrojs/sitemap writes sitemap-index.xml at `base` of `site`.
  const sitemap = new URL(
    'sitemap-index.xml',
    new URL(base.endsWith('/') ? base : `${base}/`, site),
  );
  const rules = DISALLOWED_PATHS.map((path) => `Disallow: ${path}`).join('\n');
  return `User-agent: *\nAllow: /\n${rules}\n\nSitemap: ${sitemap.href}\n`;
}

/** The `_headers` file of a preview build: every static file carries `noindex`. */
export const NOINDEX_HEADERS = '/*\n  X-Robots-Tag: noindex\n';

export default function robots(env: BuildEnv = process.env): AstroIntegration {
  let site: URL | undefined;
  let base = '/';
  return {
    name: 'robots',
    hooks: {
      'astro:config:done': ({ config }) => {
        site = config.site ? new URL(config.site) : undefined;
        base = config.base;
      },
      'astro:build:done': async ({ dir, logger }) => {
        if (!site) throw new Error('robots.txt needs `site` in astro.config.mjs');
        const root = fileURLToPath(dir);
        const noindex = isNoindexBuild(env);
        await writeFile(join(root, 'robots.txt'), robotsTxt(site, noindex, base));
        if (noindex) {
          // Appended: a `_headers` of the site's own (from public/) keeps its rules.
          await appendFile(join(root, '_headers'), NOINDEX_HEADERS);
          logger.info('preview build: robots.txt disallows all, _headers sends noindex');
        }
      },
    },
  };
}
