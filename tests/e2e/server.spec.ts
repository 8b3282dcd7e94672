import { test, expect } from '@playwright/test';
import { get } from 'node:http';

/**
 * The `npm start` server itself: visitors who leave mid-answer (a closed tab, a cancelled
 * download) must not take it down for everyone else.
 */
test('the server keeps serving after a thousand answers cut off mid-way', async ({
  baseURL,
  request,
}) => {
  // One server: the desktop project only (playwright.config.ts VIEWPORT_FREE).
  const { hostname, port } = new URL(baseURL!);
  const paths = [
    '/',
    '/renewable-energy/',
    '/images/slide1.jpg',
    '/logo512.png',
    '/api/announcements',
    '/no-such-page',
    '/_astro/no-such-file.js',
  ];
  const encodings = ['br', 'gzip', 'identity'];

  const cutOff = (i: number) =>
    new Promise<void>((resolve) => {
      const req = get(
        {
          hostname,
          port,
          path: paths[i % paths.length],
          headers: { 'accept-encoding': encodings[i % encodings.length]! },
        },
        (res) => {
          res.once('data', () => {
            if (i % 2) req.destroy();
          });
          res.on('close', () => resolve());
        },
      );
      req.on('error', () => resolve());
      req.on('close', () => resolve());
      // Some leave before the first byte, some just after it.
      setTimeout(() => req.destroy(), i % 5);
    });

  for (let round = 0; round < 20; round++) {
    await Promise.all(Array.from({ length: 50 }, (_, k) => cutOff(round * 50 + k)));
  }
  const after = await request.get('/renewable-energy');
  expect(after.status()).toBe(200);
  expect(await after.text()).toContain('Renewable Energy Solutions');
});
