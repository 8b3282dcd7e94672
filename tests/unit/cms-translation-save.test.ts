/**
 * Translating in the CMS, through the code the CMS runs: Decap's i18n (`multiple_folders`) reads
 * an entry's file in each language (src/integrations/cms/saving.js's `localeFiles`, Decap's
 * `getFilePath`), an editor changes the Malayalam column (a word and the `translation` status),
 * and a save writes every language's file through the tidy format (Decap's `getI18nFiles`)
 * to the local backend of `npm run cms` (scripts/cms-backend.ts, decap-server in git mode) in a
 * real git repository holding the site's own files. The save is one commit of exactly the
 * Malayalam file, changing only its edited lines; the English and Arabic files are written as
 * they were. On GitHub the check before a save reads each language's file the same way.
 */
import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBackend } from '../../scripts/cms-backend';
import { gitRepo } from '../../scripts/cms-guard.ts';
import { DEFAULT_LOCALE, LOCALES } from '../../src/i18n/locales';
import { CMS_I18N } from '../../src/integrations/cms/i18n';
import { gitBlobId, localeFiles, staleTranslatedSave } from '../../src/integrations/cms/saving.js';
import { frontmatterFormat } from '../../src/integrations/cms/tidy-yaml';
import { gitIn, removeRepo, scratchRepo } from './cms-repo.ts';

const site = join(import.meta.dirname, '../..');
/** The entry as Decap names it: its path with no language folder. */
const ENTRY = 'content/pages/about.mdx';
const FILES = localeFiles(ENTRY, LOCALES);
const ML = 'content/pages/ml/about.mdx';

let repo = '';
let server: Server | undefined;
let api = '';
const git = (...args: string[]) => gitIn(repo, ...args);

beforeAll(async () => {
  const files: Record<string, string> = { 'README.md': 'repo\n' };
  for (const file of FILES) files[file] = await readFile(join(site, file), 'utf8');
  repo = await scratchRepo('cms-translation-', files);
  server = await startBackend(repo, 0, 'error');
  api = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`;
});

afterAll(() => removeRepo(server, repo));

const call = async (action: string, params: object) => {
  const response = await fetch(api, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: 'http://127.0.0.1:4321' },
    body: JSON.stringify({ action, params: { branch: 'main', ...params } }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};

describe('a translation saved in the CMS', () => {
  it('finds each language in its folder, as Decap does and Astro reads', () => {
    expect(CMS_I18N).toMatchObject({ structure: 'multiple_folders', default_locale: 'en' });
    expect(FILES).toEqual([
      'content/pages/en/about.mdx',
      'content/pages/ml/about.mdx',
      'content/pages/ar/about.mdx',
    ]);
    expect(localeFiles('content/items/eia/01-energy-efficiency.yaml', ['ml'])).toEqual([
      'content/items/eia/ml/01-energy-efficiency.yaml',
    ]);
  });

  it('changes the Malayalam title and status in one commit of that one file', async () => {
    const format = frontmatterFormat();
    // Decap loads the entry in every language.
    const loaded: Record<string, { raw: string; data: Record<string, unknown> }> = {};
    for (const [index, path] of FILES.entries()) {
      const { status, body } = await call('getEntry', { path });
      expect(status, path).toBe(200);
      const raw = String(body['data']);
      loaded[LOCALES[index] ?? ''] = { raw, data: format.fromFile(raw) };
    }
    const ml = loaded['ml']!;
    expect(ml.data['translation']).toBe('draft');
    expect('translation' in loaded[DEFAULT_LOCALE]!.data).toBe(false);

    // The editor changes the Malayalam column: its title and its status.
    const title = `${String(ml.data['title'])} (പരിശോധിച്ചത്)`;
    const edited: typeof loaded = {
      ...loaded,
      ml: { ...ml, data: { ...ml.data, title, translation: 'reviewed' } },
    };

    // Decap writes every language that has data, each through the format.
    const dataFiles = FILES.map((path, index) => ({
      path,
      slug: 'about',
      raw: format.toFile(edited[LOCALES[index] ?? '']!.data),
    }));
    const before = git('rev-parse', 'HEAD').trim();
    const { status } = await call('persistEntry', {
      dataFiles,
      assets: [],
      options: {
        collectionName: 'pages',
        commitMessage: 'Update Pages “about”',
        useWorkflow: false,
        status: 'draft',
      },
    });
    expect(status).toBe(200);

    expect(git('rev-list', '--count', `${before}..HEAD`).trim()).toBe('1');
    expect(git('show', '--name-only', '--format=', 'HEAD').trim()).toBe(ML);
    const diff = git('show', '--format=', '--unified=0', 'HEAD')
      .split('\n')
      .filter((line) => /^[-+][^-+]/.test(line));
    expect(diff).toEqual([
      '-translation: draft',
      `-title: ${String(ml.data['title'])}`,
      '+translation: reviewed',
      `+title: ${title}`,
    ]);
    for (const locale of ['en', 'ar']) {
      const path = `content/pages/${locale}/about.mdx`;
      expect(await readFile(join(repo, path), 'utf8'), path).toBe(loaded[locale]!.raw);
    }
    expect(git('status', '--porcelain')).toBe('');
  });

  it('is checked, before a save on GitHub, against the version of each language it read', async () => {
    const github = gitRepo(repo);
    const read = new Set(
      await Promise.all(
        FILES.map(async (path) => gitBlobId(await readFile(join(repo, path), 'utf8'))),
      ),
    );
    const where = { paths: FILES, branch: 'main' };
    expect(await staleTranslatedSave(github, { ...where, read })).toBeUndefined();
    // A language with no file yet is a new translation, not a stale one.
    const added = localeFiles('content/pages/careers.mdx', LOCALES);
    expect(await staleTranslatedSave(github, { paths: added, read, branch: 'main' })).toBe(
      undefined,
    );
    // Someone changes the Arabic file after the editor opened the entry.
    const ar = 'content/pages/ar/about.mdx';
    const text = await readFile(join(repo, ar), 'utf8');
    execFileSync('sh', ['-c', `printf '%s' "$1" > "$2"`, 'sh', `${text}\n`, join(repo, ar)]);
    git('commit', '-qam', 'Arabic: a fix');
    const stale = await staleTranslatedSave(github, { ...where, read });
    expect(stale).toContain(`${ar} has changed since you opened it`);
    expect(stale).toContain('Arabic: a fix');
  });
});
