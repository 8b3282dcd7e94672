import { test, expect } from '@playwright/test';
import { axeViolations } from './support';

/** The framed infographic documents: self-contained, self-hosted, kept out of search. */

const documents = [
  '/infographics/renewable/green-hydrogen/',
  '/infographics/generator/core-technology-operation/',
  '/infographics/eia/carbon-credit-advisory/',
  '/infographics/farming/manure/',
  '/infographics/hospitality/green-vistas/',
];

for (const path of documents) {
  test(`${path} is a noindex document with a header, three features and no outside requests`, async ({
    page,
  }) => {
    const requests: string[] = [];
    page.on('request', (request) => requests.push(request.url()));
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
    await expect(page.locator('h1')).toHaveCount(1);
    await expect(page.locator('.ig__lead')).toHaveText(/\S/);
    await expect(page.locator('.ig__feature')).toHaveCount(3);
    await expect(page.locator('.ig__feature svg')).toHaveCount(3);
    await expect(page.locator('script')).toHaveCount(0);
    // Styled by the site's own stylesheet, which carries its tokens.
    await expect(page.locator('h2').first()).toHaveCSS('color', 'rgb(31, 81, 50)');
    expect(requests.every((url) => new URL(url).hostname === 'localhost')).toBe(true);
    expect(requests.filter((url) => !url.includes('/infographics/'))).toEqual([]);
    expect(await axeViolations(page)).toEqual([]);
  });
}

test('infographic documents are left out of the sitemap', async ({ request }) => {
  const index = await (await request.get('/sitemap-index.xml')).text();
  const sitemaps = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]!);
  const bodies = await Promise.all(
    sitemaps.map(async (sitemap) => (await request.get(new URL(sitemap).pathname)).text()),
  );
  const all = bodies.join('\n');
  expect(all).toContain('/renewable-energy');
  expect(all).not.toContain('/infographics/');
});
