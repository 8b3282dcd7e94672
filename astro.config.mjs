// @ts-check
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import mdx from '@astrojs/mdx';
import sitemap from '@astrojs/sitemap';
import netlify from '@netlify/vite-plugin';
import islandStylesInHead from './src/integrations/island-styles-in-head.ts';
import pageFonts from './src/integrations/page-fonts.ts';
import robots from './src/integrations/robots.ts';
import openingsGone from './src/integrations/openings-gone.ts';
import cms from './src/integrations/cms.ts';
import localBlobsDev from './src/integrations/local-blobs-dev.ts';
import whenNeededDirective from './src/directives/integration.ts';
import { DEFAULT_LOCALE, LOCALES, LOCALE_INFO, englishPath } from './src/i18n/locales.ts';

/** Canonical origin: SITE_URL, else Netlify's own URL at deploy time, else the local server. */
const site = process.env.SITE_URL ?? process.env.URL ?? 'http://localhost:8888';

/** Pages (and, for /admin/, its rooms below it) that must not be indexed or listed in the sitemap. */
const privatePaths = [
  '/login/',
  '/logout/',
  '/admin/',
  '/anim/',
  '/thank-you/',
  '/404/',
  '/careers/closed/',
];

/**
 * Astro 7.3.5 writes a vestigial `"use astro:head-inject"` directive into every MDX entry's
 * `?astroPropagatedAssets` module (it now finds those modules by id, not by the directive), and
 * Rolldown warns once per MDX file that it may drop it (withastro/astro#18087). Only that warning
 * is dropped, so that a build's real warnings stay visible; remove this once Astro stops emitting it.
 * @type {NonNullable<NonNullable<import('vite').BuildOptions['rolldownOptions']>['onwarn']>}
 */
const dropAstroHeadInjectWarning = (warning, warn) => {
  const vestigial =
    warning.code === 'MODULE_LEVEL_DIRECTIVE' &&
    warning.message.includes('"use astro:head-inject"') &&
    warning.message.includes('?astroPropagatedAssets');
  if (!vestigial) warn(warning);
};

export default defineConfig({
  site,
  output: 'static',
  trailingSlash: 'ignore',
  build: { format: 'directory' },
  integrations: [
    react(),
    mdx(),
    islandStylesInHead(),
    // Malayalam and Arabic pages: a cut of the web font with only their own letters.
    pageFonts(),
    robots(),
    openingsGone(),
    cms(),
    localBlobsDev(),
    // `client:needed`: the home page's islands hydrate when a visitor first needs them.
    whenNeededDirective(),
    sitemap({
      // Each page lists its translations as alternates (xhtml:link hreflang).
      i18n: {
        defaultLocale: DEFAULT_LOCALE,
        locales: Object.fromEntries(LOCALES.map((locale) => [locale, LOCALE_INFO[locale].tag])),
      },
      filter: (page) => {
        const pathname = englishPath(new URL(page).pathname);
        // Framed infographic documents are noindex parts of their service pages.
        const isPrivate = privatePaths.some(
          (path) => pathname === path || pathname.startsWith(path),
        );
        return !isPrivate && !pathname.startsWith('/infographics/');
      },
    }),
  ],
  // Prism rather than Shiki: Shiki's inline styles would break the CSP below.
  markdown: { syntaxHighlight: 'prism' },
  security: {
    csp: {
      directives: [
        "default-src 'self'",
        "img-src 'self' data:",
        "font-src 'self'",
        "connect-src 'self'",
        // The forms' proof-of-work solver (src/lib/proof/worker.ts), a file of this site.
        "worker-src 'self'",
        "frame-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
      ],
    },
  },
  image: {
    responsiveStyles: false,
    // The illustrations (src/assets/illustrations, ours alone) are drawn to AVIF and WebP: an SVG
    // in an <img> is a document of its own, about 7 ms of main-thread work each at load, where a
    // raster image is decoded off the main thread. Only files in the repository are processed;
    // editors' uploads are read only as JPEG, PNG, WebP or AVIF (src/page-helpers/uploads.ts).
    dangerouslyProcessSVG: true,
  },
  devToolbar: { enabled: false },
  vite: {
    // One React for every island, including embla-carousel-react's import of it.
    resolve: { dedupe: ['react', 'react-dom'] },
    build: { rolldownOptions: { onwarn: dropAstroHeadInjectWarning } },
    // Scripts bundled on their own through `?worker&url` (the contact form's behaviour) are ES
    // modules loaded with import(), and lose their comments as the main build's chunks do.
    worker: { format: 'es', rolldownOptions: { output: { comments: false } } },
    plugins: [
      netlify({
        edgeFunctions: { enabled: false },
        database: { enabled: false },
        images: { enabled: false },
        // The functions use the corrected Blobs server that localBlobsDev() starts instead.
        blobs: { enabled: false },
      }),
    ],
  },
});
