/**
 * The home page's strip is built from the store: the build reads the folder `npm start` serves
 * (through the local Blobs server, as the functions do), hands the list and its version (the
 * ETag the API gives the same list) to the page, and renders the ticker's HTML with it. A store
 * that cannot be read never fails the build: no strip, no version.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import announcementsFn from '../../../functions/announcements.ts';
import AnnouncementTicker from '../../../src/islands/AnnouncementTicker.tsx';
import { readAnnouncementsForBuild } from '../../../src/page-helpers/announcements-at-build.ts';
import { startLocalBlobs } from '../../../scripts/local-blobs.ts';
import { call, makeToken, setAdminEnv } from '../helpers.ts';

const root = process.cwd();
let directory = '';

beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), 'build-announcements-'));
  setAdminEnv();
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await rm(directory, { recursive: true, force: true });
});
afterEach(() => {
  vi.restoreAllMocks();
  delete process.env['NETLIFY_BLOBS_CONTEXT'];
});

/** What `npm start` would have stored in `directory`, through the API; the API's ETag after. */
async function storeAsNpmStartWould(texts: { text: string; link: string }[]): Promise<string> {
  const stop = await startLocalBlobs(root, directory);
  try {
    const token = await makeToken();
    for (const json of texts) {
      const res = await call(announcementsFn, { path: '/api/announcements', json, token });
      expect(res.status).toBe(201);
    }
    const listed = await call(announcementsFn, { path: '/api/announcements' });
    return listed.headers.get('etag') ?? '';
  } finally {
    delete process.env['NETLIFY_BLOBS_CONTEXT'];
    await stop();
  }
}

describe('announcements at build time', () => {
  it("reads the local server's data folder and gives the list with the API's version", async () => {
    vi.spyOn(console, 'info').mockImplementation(() => {});
    const etag = await storeAsNpmStartWould([
      { text: 'Biogas unit commissioned', link: '/projects/biogas-units' },
      { text: 'Site visits resume in January', link: '' },
    ]);
    vi.stubEnv('BLOBS_DIR', directory);

    const built = await readAnnouncementsForBuild();
    expect(built.items.map(({ text, link }) => ({ text, link }))).toEqual([
      { text: 'Biogas unit commissioned', link: '/projects/biogas-units' },
      { text: 'Site visits resume in January', link: '' },
    ]);
    expect(`"${built.version ?? ''}"`).toBe(etag);
    // The build leaves no Blobs context behind for the rest of the build.
    expect(process.env['NETLIFY_BLOBS_CONTEXT']).toBeUndefined();

    // The island's server render, as the build gives it the list: in the HTML, looped once.
    const html = renderToStaticMarkup(
      createElement(AnnouncementTicker, { heading: 'Announcements', items: built.items }),
    );
    expect(html).toContain('data-ticker');
    expect(html).toContain('href="/projects/biogas-units">Biogas unit commissioned</a>');
    expect(html).toContain('href="#">Site visits resume in January</a>');
    expect(html.match(/Biogas unit commissioned/g)).toHaveLength(2);
    expect(html).toContain('aria-hidden="true"');
  });

  it('gives an empty list, with its version, when the data folder does not exist yet', async () => {
    vi.stubEnv('BLOBS_DIR', join(directory, 'never-started'));
    const built = await readAnnouncementsForBuild();
    expect(built.items).toEqual([]);
    expect(built.version).toMatch(/^[\w-]{22}$/);
    expect(
      renderToStaticMarkup(
        createElement(AnnouncementTicker, { heading: 'Announcements', items: built.items }),
      ),
    ).toBe('');
  });

  it('builds without the strip, and says so, when the store cannot be read', async () => {
    // A Netlify build without Blobs access.
    vi.stubEnv('NETLIFY', 'true');
    vi.stubEnv('NETLIFY_BLOBS_CONTEXT', '');
    const warnings: string[] = [];
    vi.spyOn(console, 'warn').mockImplementation((...args) => void warnings.push(args.join(' ')));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const built = await readAnnouncementsForBuild();
    expect(built).toEqual({ list: [], items: [], version: undefined });
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/^Announcements not read at build \(.+\): the home page is built/);
  });
});
