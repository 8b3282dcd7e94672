/**
 * What `npm run audit:js` measures and against what: every page of the built site, and the
 * JavaScript budget each one gets after a full read (issue "Every page stays light to the last
 * line").
 *
 * Budgets: the home page (React for the slider and the ticker) and /renewable-energy (React for
 * the enquiry wizard) 85 KB. The wizard's three languages had taken /renewable-energy to 86.1 KB;
 * its step ease-in now uses the browser's Web Animations instead of motion/mini (2.9 KB less),
 * which brought it to 83.2 KB (and /ml/, /ar/ alike; home 5.6 KB, its islands hydrating when needed); the admin area (/admin and its rooms, /login, /logout) is measured and shown but
 * has no budget, since it is a React app by the stack's choice and no visitor reads it; every
 * other page, content, service, company, project, legal, thank-you, 404, /anim and the framed
 * infographic documents, 6 KB. A page in Malayalam or Arabic (/ml/…, /ar/…) has its English
 * page's budget. KB here is 1,024 bytes of gzip -9, each file and each inline
 * script compressed on its own (an inline script really travels inside the page's compressed
 * HTML, so this counts it a little high, never low).
 */
import { readdir } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
import { englishPath } from '../../src/i18n/locales.ts';

export const KB = 1024;

/** Pages that load React for what the stack names islands for. */
const ISLAND_PAGES: Readonly<Record<string, number>> = {
  '/': 85 * KB,
  '/renewable-energy': 85 * KB,
};
/** The admin area (its rooms under /admin/ too): shown, never failed. */
const UNBUDGETED = new Set(['/admin', '/login', '/logout']);
const isAdminRoom = (route: string) => route.startsWith('/admin/');
/** Every other page. */
export const PAGE_BUDGET = 6 * KB;

/** The budget of `route` in bytes of gzip -9, or null when it has none. */
export function budgetFor(route: string): number | null {
  const english = englishPath(route);
  if (UNBUDGETED.has(english) || isAdminRoom(english)) return null;
  return ISLAND_PAGES[english] ?? PAGE_BUDGET;
}

/**
 * Every page of a built site: `/` for dist/index.html, `/about` for dist/about/index.html and
 * `/404` for dist/404.html (served for unknown paths), sorted; not the CMS at /cms/.
 */
export async function routesIn(dist: string): Promise<string[]> {
  const files = await readdir(dist, { recursive: true });
  const routes = files
    .map((file) => file.split('\\').join('/'))
    .flatMap((file) => {
      if (file === 'index.html') return ['/'];
      // The editors' CMS (src/integrations/cms.ts) is a separate app no visitor loads.
      if (file === 'cms/index.html') return [];
      if (file === '404.html') return ['/404'];
      return file.endsWith('/index.html') ? [`/${file.slice(0, -'/index.html'.length)}`] : [];
    });
  return routes.sort();
}

/** The bytes of `code` after gzip -9. */
export function gzipSize(code: string | Uint8Array): number {
  return gzipSync(code, { level: 9 }).length;
}

/** `<script type>` values that run as JavaScript (anything else, like JSON-LD, is data). */
const SCRIPT_TYPES = new Set([
  '',
  'module',
  'text/javascript',
  'application/javascript',
  'text/ecmascript',
]);

export function isJavaScriptType(type: string): boolean {
  return SCRIPT_TYPES.has(type.trim().toLowerCase());
}

/** What one page cost after a full read. */
export interface PageCost {
  route: string;
  /** Each script file fetched, by URL, in bytes of gzip -9. */
  files: ReadonlyMap<string, number>;
  /** Each inline script's bytes of gzip -9. */
  inline: readonly number[];
}

export function totalOf(cost: PageCost): number {
  let total = 0;
  for (const size of cost.files.values()) total += size;
  for (const size of cost.inline) total += size;
  return total;
}

const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;
/** Widths of the report's right-aligned columns: JS, files, inline scripts, budget. */
const COLUMNS = [12, 5, 6, 8];

/** The report: one line per page, then the pages over budget with their largest files. */
export function report(costs: readonly PageCost[]): { text: string; over: PageCost[] } {
  const width = Math.max(...costs.map((cost) => cost.route.length), 5);
  const row = (route: string, cells: readonly string[]) =>
    [route.padEnd(width), ...cells.map((cell, i) => cell.padStart(COLUMNS[i] ?? 0))].join('  ');
  const lines = [row('route', ['JS (gzip -9)', 'files', 'inline', 'budget'])];
  const over: PageCost[] = [];
  for (const cost of costs) {
    const budget = budgetFor(cost.route);
    const fails = budget !== null && totalOf(cost) > budget;
    if (fails) over.push(cost);
    const cells = [
      kb(totalOf(cost)),
      String(cost.files.size),
      String(cost.inline.length),
      budget === null ? 'none' : kb(budget),
    ];
    lines.push(row(cost.route, cells) + (fails ? '  OVER' : ''));
  }
  for (const cost of over) {
    lines.push('', `${cost.route}: ${kb(totalOf(cost))}, budget ${kb(budgetFor(cost.route)!)}`);
    const largest = [...cost.files].sort((a, b) => b[1] - a[1]).slice(0, 8);
    for (const [url, size] of largest) lines.push(`  ${kb(size).padStart(9)}  ${url}`);
    const inline = cost.inline.reduce((sum, size) => sum + size, 0);
    if (inline > 0) lines.push(`  ${kb(inline).padStart(9)}  ${cost.inline.length} inline scripts`);
  }
  return { text: lines.join('\n'), over };
}
