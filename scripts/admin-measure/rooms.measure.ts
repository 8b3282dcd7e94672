/**
 * Each admin room signed in, at the project's width: its page height with 100 enquiries and 100
 * messages in the lists (served to the page by the test, as the list API answers), and its
 * JavaScript in gzip -9 bytes. Prints one line per room and writes /tmp/admin-measure-<width>.json.
 */
import { writeFile } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
import { test, type Page, type Route } from '@playwright/test';
import { ROOMS } from '../../src/admin/rooms/index.ts';
import { enquiryBody, logIn, openRoom } from '../../tests/e2e/admin-support.ts';

const LEADS = 100;
const KB = 1024;

const at = (index: number) => new Date(Date.UTC(2026, 10, 28, 9) - index * 3_600_000).toISOString();
const enquiries = Array.from({ length: LEADS }, (_, index) => ({
  ...enquiryBody(`Measured Enquirer ${index + 1}`),
  _id: `measure-e-${index}`,
  createdAt: at(index),
  status: index % 3 === 0 ? 'New' : 'Contacted',
  lang: 'en',
}));
const messages = Array.from({ length: LEADS }, (_, index) => ({
  _id: `measure-m-${index}`,
  name: `Measured Sender ${index + 1}`,
  email: `sender${index + 1}@example.com`,
  message: 'We would like a site visit for a 20 kW solar installation at our school in Thrissur.',
  createdAt: at(index),
  status: index % 4 === 0 ? 'New' : 'Contacted',
  lang: 'en',
}));

/** The two list APIs answer from the arrays above, a page at a time, as the server does. */
async function serveLeads(page: Page) {
  for (const [path, items] of [
    ['/api/enquiries', enquiries],
    ['/api/contact-messages', messages],
  ] as const)
    await page.route(
      (url) => url.pathname === path,
      (route: Route) => {
        const url = new URL(route.request().url());
        const number = Number(url.searchParams.get('page') ?? 1);
        const size = Number(url.searchParams.get('pageSize') ?? 10);
        return route.fulfill({
          json: items.slice((number - 1) * size, number * size),
          headers: {
            'X-Total-Count': String(items.length),
            'X-New-Count': String(items.filter((item) => item.status === 'New').length),
            'X-Waiting-Count': '0',
            'X-Index-Pending': '0',
            'X-Quarantined': '',
          },
        });
      },
    );
}

/** The gzip -9 bytes of every script the page has run (files by URL, and inline scripts). */
async function scriptBytes(page: Page): Promise<number> {
  const { urls, inline } = await page.evaluate(() => ({
    urls: performance
      .getEntriesByType('resource')
      .map((entry) => entry.name)
      .filter((name) => new URL(name).pathname.endsWith('.js')),
    inline: [...document.querySelectorAll('script:not([src])')]
      .filter((script) => !script.getAttribute('type')?.includes('json'))
      .map((script) => script.textContent ?? ''),
  }));
  let bytes = inline.reduce(
    (sum, code) => sum + (code ? gzipSync(code, { level: 9 }).length : 0),
    0,
  );
  for (const url of new Set(urls)) {
    const body = await (await page.request.get(url)).body();
    bytes += gzipSync(body, { level: 9 }).length;
  }
  return bytes;
}

test('the admin rooms: height with 100 leads, and JavaScript', async ({ page }, info) => {
  await serveLeads(page);
  const width = page.viewportSize()?.width ?? 0;
  const rows: { room: string; heightPx: number; jsKB: number; jsAfterNavigationKB: number }[] = [];
  for (const room of ROOMS) {
    // The room at its own address (a bookmark): the sign-in brings the admin back to it.
    await page.context().clearCookies();
    await page.goto('/login');
    await page.evaluate(() => localStorage.clear());
    await logIn(page, room.path);
    const js = await scriptBytes(page);
    const heightPx = await page.evaluate(() => document.documentElement.scrollHeight);
    // Every room opened through the navigation from here: what a whole session loads at most.
    for (const other of ROOMS) if (other.slug !== room.slug) await openRoom(page, other.slug);
    await openRoom(page, room.slug);
    const all = await scriptBytes(page);
    rows.push({
      room: room.path,
      heightPx,
      jsKB: Math.round((js / KB) * 10) / 10,
      jsAfterNavigationKB: Math.round((all / KB) * 10) / 10,
    });
  }
  console.log(`\n${info.project.name} (${width} px)`);
  for (const row of rows)
    console.log(
      `${row.room.padEnd(18)} height ${String(row.heightPx).padStart(6)} px   JS ${row.jsKB} KB   every room visited ${row.jsAfterNavigationKB} KB`,
    );
  await writeFile(`/tmp/admin-measure-${width}.json`, JSON.stringify(rows, null, 2));
});
