/**
 * `node scripts/measure-fonts.ts [base URL]`: the font bytes each Malayalam and Arabic page makes
 * Chromium fetch when it loads (the files and their sizes on the wire, after the page's fonts are
 * ready), against a served build (`npm run serve`, http://localhost:8888 unless given). What the
 * per-page fonts (src/integrations/page-fonts.ts) are measured by; prints one line per page.
 */
import { chromium } from '@playwright/test';
import { DEBIAN_CHROMIUM, chromiumLaunchOptions } from './chromium.ts';

const base = process.argv[2] ?? 'http://localhost:8888';
const pages = [
  '/ml/',
  '/ml/about/',
  '/ml/renewable-energy/',
  '/ar/',
  '/ar/about/',
  '/ar/renewable-energy/',
  '/ar/services/environmental-impact-assessment/',
];

const browser = await chromium.launch(chromiumLaunchOptions(DEBIAN_CHROMIUM));
for (const path of pages) {
  // A fresh context per page: nothing cached from the page before.
  const context = await browser.newContext({ viewport: { width: 375, height: 800 } });
  const page = await context.newPage();
  const fonts: Promise<{ file: string; bytes: number }>[] = [];
  page.on('requestfinished', (request) => {
    if (request.resourceType() !== 'font') return;
    fonts.push(
      request.sizes().then((sizes) => ({
        file: new URL(request.url()).pathname,
        bytes: sizes.responseBodySize,
      })),
    );
  });
  await page.goto(new URL(path, base).href, { waitUntil: 'load' });
  await page.evaluate(() => document.fonts.ready);
  await page.waitForTimeout(500);
  const loaded = await Promise.all(fonts);
  const total = loaded.reduce((sum, font) => sum + font.bytes, 0);
  const files = loaded.map((font) => `${font.file} ${font.bytes}`).join(', ');
  console.log(`${path}\t${total} B\t${files}`);
  await context.close();
}
await browser.close();
