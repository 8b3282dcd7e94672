/**
 * Closed openings' addresses answer 410: the rules the build appends to dist/_redirects
 * (src/lib/openings/gone.ts, src/integrations/openings-gone.ts), read back as the local server
 * reads them, and answered by it (scripts/local-server.ts) with the "no longer open" page.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteHandler, siteHeaders } from '../../../scripts/local-server.ts';
import {
  GONE_HEADER,
  goneRedirects,
  goneRules,
  goneTarget,
  parseGoneRules,
} from '../../../src/lib/openings/gone.ts';
import { goneRedirectsFor, openingDates } from '../../../src/integrations/openings-gone.ts';
import { FIXTURES } from './fixtures.ts';

describe('the 410 rules', () => {
  it("send each closed opening's address, in its language, to that language's closed page", () => {
    expect(
      goneRules([
        { slug: 'intern', locale: 'en' },
        { slug: 'intern', locale: 'ar' },
      ]),
    ).toEqual([
      { from: '/careers/intern', to: '/careers/closed' },
      { from: '/ar/careers/intern', to: '/ar/careers/closed' },
    ]);
  });

  it("are written in Netlify's _redirects form, with and without the trailing slash, forced", () => {
    expect(goneRedirects([{ from: '/careers/intern', to: '/careers/closed' }])).toBe(
      `${GONE_HEADER}\n/careers/intern  /careers/closed  410!\n/careers/intern/  /careers/closed  410!\n`,
    );
    expect(goneRedirects([])).toBe('');
  });

  it('are read back from a _redirects file, other rules left alone', () => {
    const text = [
      '/old  /new  301',
      '/ml/*  /ml/404/index.html  404',
      goneRedirects([{ from: '/ml/careers/x', to: '/ml/careers/closed' }]),
    ].join('\n');
    const rules = parseGoneRules(text);
    expect([...rules]).toEqual([
      ['/ml/careers/x', '/ml/careers/closed'],
      ['/ml/careers/x/', '/ml/careers/closed'],
    ]);
    expect(goneTarget(rules, '/ml/careers/x/')).toBe('/ml/careers/closed');
    expect(goneTarget(rules, '/old')).toBeUndefined();
  });

  it('come from the content files: the fixture openings closed on a day', () => {
    expect(openingDates(FIXTURES).map((o) => `${o.locale}/${o.slug} ${o.closes}`)).toEqual([
      'ar/field-trainer-internship 2026-10-31',
      'ar/site-engineer-solar 2027-01-15',
      'en/composting-plant-supervisor 2026-12-20',
      'en/field-trainer-internship 2026-10-31',
      'en/site-engineer-solar 2027-01-15',
      'ml/site-engineer-solar 2027-01-15',
    ]);
    const rules = parseGoneRules(goneRedirectsFor(FIXTURES, '2026-12-21'));
    expect([...rules.keys()].filter((from) => !from.endsWith('/'))).toEqual([
      '/ar/careers/field-trainer-internship',
      '/careers/composting-plant-supervisor',
      '/careers/field-trainer-internship',
    ]);
    expect(goneRedirectsFor(FIXTURES, '2026-10-31')).toBe('');
  });

  it('are none for a folder that does not exist yet', () => {
    expect(openingDates(join(FIXTURES, 'missing'))).toEqual([]);
  });
});

describe('the local server', () => {
  const CLOSED_PAGE = '<!doctype html><title>No longer open</title><a href="/careers">';
  let server: Server;
  let base = '';

  beforeAll(async () => {
    const rules = parseGoneRules(goneRedirects(goneRules([{ slug: 'intern', locale: 'en' }])));
    server = createServer(
      siteHandler({
        routes: [],
        origin: 'http://localhost:8888',
        staticFile: async () => new Response('a page', { status: 200 }),
        notFoundPage: new TextEncoder().encode('not found') as Uint8Array<ArrayBuffer>,
        gonePage: (pathname) =>
          goneTarget(rules, pathname) === '/careers/closed'
            ? (new TextEncoder().encode(CLOSED_PAGE) as Uint8Array<ArrayBuffer>)
            : undefined,
        headersFor: siteHeaders(process.cwd()),
      }),
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it("answers a closed opening's address 410 with the page linking to /careers, and its headers", async () => {
    for (const path of ['/careers/intern', '/careers/intern/']) {
      const response = await fetch(`${base}${path}`);
      expect(response.status, path).toBe(410);
      expect(await response.text()).toBe(CLOSED_PAGE);
      expect(response.headers.get('content-type')).toMatch(/^text\/html/);
      // netlify.toml's headers, as on every page.
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    }
  });

  it('serves every other address as before', async () => {
    const response = await fetch(`${base}/careers/other`);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('a page');
  });
});
