/**
 * The public announcements read is cacheable by Netlify's CDN, the admin's never is, and every
 * change purges the cached copy by its tag (against a loopback stand-in for Netlify's API).
 */
import { createServer, type Server } from 'node:http';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import announcementsFn from '../../../functions/announcements.ts';
import { call, makeToken, useBlobs } from '../helpers.ts';

useBlobs();

interface Purge {
  authorization: string | undefined;
  body: { cache_tags?: string[]; site_id?: string };
}
let api: Server;
const purges: Purge[] = [];

beforeAll(async () => {
  api = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      if (req.method === 'POST' && req.url === '/api/v1/purge') {
        purges.push({
          authorization: req.headers.authorization,
          body: JSON.parse(body) as Purge['body'],
        });
        res.writeHead(202).end();
      } else res.writeHead(404).end();
    });
  });
  await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
});
afterAll(() => new Promise<void>((resolve) => api.close(() => resolve())));

beforeEach(() => {
  purges.length = 0;
  const address = api.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  vi.stubEnv('NETLIFY_API_URL', `http://127.0.0.1:${address.port}`);
  vi.stubEnv('NETLIFY_PURGE_API_TOKEN', 'purge-token');
  vi.stubEnv('SITE_ID', 'site-123');
});
afterEach(() => {
  vi.restoreAllMocks();
});

const production = { deploy: { context: 'production', id: 'd1' } };

describe('GET /api/announcements and the CDN', () => {
  it('lets the CDN keep the public answer briefly, tagged, while browsers revalidate', async () => {
    const res = await call(announcementsFn, { path: '/api/announcements' });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
    expect(res.headers.get('netlify-cdn-cache-control')).toMatch(/\bs-maxage=\d+\b/);
    expect(res.headers.get('netlify-cdn-cache-control')).toMatch(/\bstale-while-revalidate=\d+/);
    expect(res.headers.get('netlify-cache-tag')).toBe('announcements');
    expect(res.headers.get('vary')).toBe('Authorization');
  });

  it('never lets the CDN keep an answer to a request with a token', async () => {
    const res = await call(announcementsFn, {
      path: '/api/announcements',
      token: await makeToken(),
    });
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('netlify-cdn-cache-control')).toBeNull();
    expect(res.headers.get('vary')).toBe('Authorization');
  });

  it('never lets the CDN keep an error', async () => {
    const res = await call(announcementsFn, { method: 'PATCH', path: '/api/announcements' });
    expect(res.headers.get('netlify-cdn-cache-control')).toBeNull();
  });

  it('purges the tag after each create, edit and delete on a Netlify deploy', async () => {
    const token = await makeToken({ scope: 'production' });
    const created = await call(announcementsFn, {
      path: '/api/announcements',
      json: { text: 'Open day', link: '' },
      token,
      context: production,
    });
    const { _id: id } = (await created.json()) as { _id: string };
    await call(announcementsFn, {
      method: 'PUT',
      path: `/api/announcements/${id}`,
      params: { id },
      json: { text: 'Open day moved', link: '' },
      token,
      context: production,
    });
    await call(announcementsFn, {
      method: 'DELETE',
      path: `/api/announcements/${id}`,
      params: { id },
      token,
      context: production,
    });
    expect(purges).toHaveLength(3);
    for (const purge of purges) {
      expect(purge.body.cache_tags).toEqual(['announcements']);
      expect(purge.body.site_id).toBe('site-123');
      expect(purge.authorization).toBe('Bearer purge-token');
    }
  });

  it('purges on deploy previews and branch deploys too (their CDN copies are their own)', async () => {
    for (const context of ['deploy-preview', 'branch-deploy']) {
      await call(announcementsFn, {
        path: '/api/announcements',
        json: { text: `Preview notice (${context})`, link: '' },
        token: await makeToken({ scope: 'preview' }),
        context: { deploy: { context, id: `${context.replace('-', '')}1` } },
      });
    }
    expect(purges.map((purge) => purge.body.cache_tags)).toEqual([
      ['announcements'],
      ['announcements'],
    ]);
  });

  it('purges nothing for a refused change, nor on a local server', async () => {
    const token = await makeToken({ scope: 'production' });
    const missing = '01J00000000000000000000000';
    await call(announcementsFn, {
      method: 'DELETE',
      path: `/api/announcements/${missing}`,
      params: { id: missing },
      token,
      context: production,
    });
    await call(announcementsFn, {
      path: '/api/announcements',
      json: { text: 'Local only', link: '' },
      token: await makeToken(),
      context: { deploy: { context: 'dev' } },
    });
    expect(purges).toEqual([]);
  });

  it('still answers a change when the purge fails (the copy then ages out)', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.stubEnv('NETLIFY_PURGE_API_TOKEN', '');
    const res = await call(announcementsFn, {
      path: '/api/announcements',
      json: { text: 'Open day', link: '' },
      token: await makeToken({ scope: 'production' }),
      context: production,
    });
    expect(res.status).toBe(201);
  });
});
