/**
 * The pure parts of `npm run audit:js` (scripts/js-audit/budgets.ts): which pages a build has,
 * the budget each gets, what counts as a script, and the report that fails a page over budget.
 * The browser read itself runs in `npm test` against the real build.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import {
  KB,
  PAGE_BUDGET,
  budgetFor,
  gzipSize,
  isJavaScriptType,
  report,
  routesIn,
  totalOf,
  type PageCost,
} from '../../scripts/js-audit/budgets';

describe('budgetFor', () => {
  it('85 KB for the two pages with React islands for the slider, ticker and wizard', () => {
    expect(budgetFor('/')).toBe(85 * KB);
    expect(budgetFor('/renewable-energy')).toBe(85 * KB);
  });

  it("a page in Malayalam or Arabic has its English page's budget", () => {
    expect(budgetFor('/ml/renewable-energy')).toBe(85 * KB);
    expect(budgetFor('/ar/')).toBe(85 * KB);
    expect(budgetFor('/ml/about')).toBe(6 * KB);
    expect(budgetFor('/ar/thank-you')).toBe(6 * KB);
    expect(budgetFor('/ml/infographics/eia/waste-management')).toBe(6 * KB);
  });

  it('6 KB for every content, service, company, project, legal and utility page', () => {
    for (const route of [
      '/about',
      '/careers',
      '/hospitality',
      '/services/environmental-impact-assessment',
      '/projects/biogas-units',
      '/privacy-policy',
      '/thank-you',
      '/404',
      '/anim',
      '/infographics/eia/waste-management',
    ]) {
      expect(budgetFor(route)).toBe(6 * KB);
    }
    expect(PAGE_BUDGET).toBe(6 * 1024);
  });

  it('none for the admin area, which is shown but never fails the audit', () => {
    expect(budgetFor('/admin')).toBeNull();
    expect(budgetFor('/login')).toBeNull();
    expect(budgetFor('/logout')).toBeNull();
    expect(budgetFor('/admin/messages')).toBeNull();
    expect(budgetFor('/admin/security')).toBeNull();
    expect(budgetFor('/administrators')).toBe(6 * KB);
  });
});

describe('routesIn', () => {
  let dist = '';
  afterAll(() => rm(dist, { recursive: true, force: true }));

  it('every index.html as its route, 404.html as /404, nothing else', async () => {
    dist = await mkdtemp(join(tmpdir(), 'audit-routes-'));
    for (const file of [
      'index.html',
      '404.html',
      'about/index.html',
      'services/environmental-impact-assessment/index.html',
      'infographics/eia/waste-management/index.html',
      '_astro/client.js',
      'robots.txt',
      'about/photo.html',
    ]) {
      await mkdir(join(dist, dirname(file)), { recursive: true });
      await writeFile(join(dist, file), '');
    }
    expect(await routesIn(dist)).toEqual([
      '/',
      '/404',
      '/about',
      '/infographics/eia/waste-management',
      '/services/environmental-impact-assessment',
    ]);
  });
});

describe('what counts', () => {
  it('gzipSize is the length of gzip -9 output, the same for text and bytes', () => {
    const code = 'for (const x of document.scripts) console.log(x);'.repeat(50);
    const size = gzipSize(code);
    expect(size).toBe(gzipSync(code, { level: 9 }).length);
    expect(gzipSize(new TextEncoder().encode(code))).toBe(size);
  });

  it('scripts that run count (classic and module); data such as JSON-LD does not', () => {
    for (const type of ['', 'module', 'text/javascript', 'application/javascript', ' Module ']) {
      expect(isJavaScriptType(type)).toBe(true);
    }
    for (const type of ['application/ld+json', 'importmap', 'speculationrules', 'text/plain']) {
      expect(isJavaScriptType(type)).toBe(false);
    }
  });
});

describe('report', () => {
  const page = (route: string, files: number[], inline: number[]): PageCost => ({
    route,
    files: new Map(
      files.map((size, i) => [`http://127.0.0.1/_astro/${route.length}-${i}.js`, size]),
    ),
    inline,
  });

  it('adds files and inline scripts; a page over its budget is named with its largest files', () => {
    const costs = [
      page('/', [60 * KB, 20 * KB], [2 * KB]),
      page('/about', [5 * KB], [1 * KB + 1]),
      page('/admin', [200 * KB], []),
    ];
    expect(totalOf(costs[1]!)).toBe(6 * KB + 1);
    const { text, over } = report(costs);
    expect(over.map((cost) => cost.route)).toEqual(['/about']);
    expect(text).toMatch(/^\/about\s+6\.0 KB\s+1\s+1\s+6\.0 KB {2}OVER$/m);
    expect(text).toMatch(/^\/\s+82\.0 KB\s+2\s+1\s+85\.0 KB$/m);
    expect(text).toMatch(/^\/admin\s+200\.0 KB\s+1\s+0\s+none$/m);
    expect(text).toContain('/about: 6.0 KB, budget 6.0 KB');
    expect(text).toMatch(/5\.0 KB {2}http:\/\/127\.0\.0\.1\/_astro\/6-0\.js/);
  });

  it('exactly at the budget passes', () => {
    expect(report([page('/about', [6 * KB], [])]).over).toEqual([]);
  });
});
