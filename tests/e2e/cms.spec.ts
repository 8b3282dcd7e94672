/**
 * The editors' CMS end to end: Decap at /cms/ under `astro dev`, saving through
 * the local backend (decap-server in git mode, scripts/cms-backend.ts) into a temporary clone of
 * this repository's HEAD, on free loopback ports. An edit of an item's title and of a page's
 * description each become one commit holding exactly that change (the MDX body byte-identical);
 * the clone then builds with the new copy on its pages. A value the schema refuses shows the
 * field's error and commits nothing. A service page (no body of its own) saves with only its
 * title changed, and the pages list holds content pages only. A save over a commit made since
 * the entry was opened is refused. Desktop only: one clone, one dev server and one build.
 *
 * The tests run in order on one browser page, signed in to the CMS once: each opens its entry
 * by the CMS's own address (#/collections/…), as an editor moving between entries does, rather
 * than loading Decap's 5 MB bundle anew (each test's own page cost about a minute under load).
 */
import { execFile, execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect, test, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { parse } from 'yaml';
import { freePort } from '../../scripts/bench-kit.ts';
import { currentBranch, dirtyFiles, startBackend } from '../../scripts/cms-backend';

const root = join(import.meta.dirname, '../..');
const astro = join(root, 'node_modules/astro/bin/astro.mjs');

const ITEM = 'content/items/eia/en/01-energy-efficiency.yaml';
const PAGE = 'content/pages/en/about.mdx';
const TEAM_ENTRY = '02-waste-management-specialist';
const PHOTO_ALT = 'Two biogas domes beside a school kitchen in Thrissur';
const NEW_TITLE = 'Energy Efficiency Audits for Plants';
const NEW_DESCRIPTION =
  'A Kerala consultancy for renewable energy, waste and water systems, with ten years of field work.';

let repo = '';
let site = '';
let backend: Server | undefined;
let dev: ChildProcess | undefined;
let devLog = '';
let context: BrowserContext | undefined;
/** The one CMS page of the run, signed in (see `openCms`). */
let page: Page;

const git = (...args: string[]) => execFileSync('git', args, { cwd: repo, encoding: 'utf8' });

/** Polls until `url` answers 200 (astro dev syncs content and optimises deps first). */
async function waitFor(url: string, ms: number): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (dev?.exitCode !== null) throw new Error(`astro dev exited:\n${devLog}`);
    const ok = await fetch(url).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`${url} did not answer in ${ms} ms:\n${devLog}`);
}

test.describe.configure({ mode: 'serial', timeout: 6 * 60_000 });

test.beforeAll(async ({ browser }, testInfo) => {
  // One clone, one dev server and one build: the desktop project only.
  test.skip(
    testInfo.project.name !== 'desktop',
    'clones, serves and builds the repository: once per run, in the desktop project',
  );
  testInfo.setTimeout(4 * 60_000);
  repo = await mkdtemp(join(tmpdir(), 'cms-e2e-'));
  execFileSync('git', ['clone', '-q', root, repo]);
  git('config', 'user.email', 'editor@example.org');
  git('config', 'user.name', 'Editor');
  git('config', 'commit.gpgsign', 'false');
  // The packages are links to ours, but node_modules is the clone's own folder: astro and vite
  // keep caches there (.astro's data store, .vite), which must not mix with this checkout's.
  await mkdir(join(repo, 'node_modules'));
  const packages = await readdir(join(root, 'node_modules'));
  await Promise.all(
    packages
      .filter((name) => !['.astro', '.vite', '.cache'].includes(name))
      .map((name) => symlink(join(root, 'node_modules', name), join(repo, 'node_modules', name))),
  );
  // Astro's image cache is copied, not linked: its files are named by a hash of the source image
  // and the options, so the clone's build (the last test) reuses the images the served build
  // optimised and encodes only what the edits add (the uploaded photo), writing nothing of ours.
  // Without it that build encodes every image again: minutes on two cores.
  const imageCache = join(root, 'node_modules/.astro/assets');
  if (existsSync(imageCache)) {
    await cp(imageCache, join(repo, 'node_modules/.astro/assets'), { recursive: true });
  }
  // The guard of the local backend refuses saves on a dirty tree: the clone must be clean.
  expect(dirtyFiles(repo)).toEqual([]);
  const branch = currentBranch(repo) ?? 'main';

  backend = await startBackend(repo, 0, 'error');
  const backendPort = (backend.address() as AddressInfo).port;
  const port = await freePort();
  site = `http://127.0.0.1:${port}`;
  dev = spawn(
    process.execPath,
    [astro, 'dev', '--host', '127.0.0.1', '--port', String(port), '--strictPort'],
    {
      cwd: repo,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        ASTRO_TELEMETRY_DISABLED: '1',
        CMS_LOCAL: 'true',
        CMS_BRANCH: branch,
        CMS_BACKEND_PORT: String(backendPort),
      },
    },
  );
  const log = (chunk: Buffer) => void (devLog += chunk.toString());
  dev.stdout?.on('data', log);
  dev.stderr?.on('data', log);
  await waitFor(`${site}/cms/config.yml`, 3 * 60_000);
  context = await browser.newContext();
  page = await openCms(context);
});

test.afterAll(async () => {
  await context?.close();
  dev?.kill('SIGTERM');
  // The browser's keep-alive connections would hold close() open.
  backend?.closeAllConnections();
  await new Promise((resolve) => (backend ? backend.close(resolve) : resolve(undefined)));
  if (repo) await rm(repo, { recursive: true, force: true });
});

/**
 * The CMS in a page of its own, signed in to the local backend. Leaving an editor with unsaved
 * changes (a refused save) asks to confirm: the editor agrees, as the next test opens its entry.
 */
async function openCms(browserContext: BrowserContext): Promise<Page> {
  const cms = await browserContext.newPage();
  cms.on('dialog', (dialog) => void dialog.accept());
  await cms.goto(`${site}/cms/`);
  await cms.getByRole('button', { name: 'Login' }).click();
  await expect(cms.getByRole('button', { name: 'Login' })).toHaveCount(0, { timeout: 60_000 });
  return cms;
}

/**
 * Goes to a place in the CMS by its address (the loaded CMS routes it: no page load), through the
 * collection's list, as an editor does: an open editor given another entry's address would keep
 * the entry it has.
 */
async function goTo(collection: string, rest = '') {
  await page.goto(`${site}/cms/#/collections/${collection}`);
  await expect(page.getByRole('button', { name: 'Publish' })).toHaveCount(0, { timeout: 30_000 });
  if (rest) await page.goto(`${site}/cms/#/collections/${collection}/${rest}`);
}

/** Opens an entry's editor. */
async function openEntry(collection: string, slug: string) {
  await goTo(collection, `entries/${slug}`);
}

/** A top-level field's input, by its label (nested fields with the same label come later). */
const field = (label: string) => page.getByLabel(label, { exact: true }).first();

/**
 * The editor's button while the entry has unsaved changes: "Publish" (exactly: with none it reads
 * "Published", and its menu then has no "Publish now").
 */
const unsavedPublish = () => page.getByRole('button', { name: 'Publish', exact: true });

/**
 * Fills `input` until the editor counts the change (its button reads "Publish"). An editor still
 * settling the entry it opened can put the stored value back over one filled a moment before:
 * the change is then lost, and publishing would find nothing to publish.
 */
async function fillChange(input: Locator, value: string) {
  await expect(async () => {
    await input.fill(value);
    await expect(unsavedPublish()).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 60_000 });
}

/** Simple mode: Publish → Publish now (the caller waits for the outcome). */
async function publish() {
  // The last save's notice must be gone, or it would pass for this save's.
  await expect(page.getByText('Entry saved')).toHaveCount(0, { timeout: 30_000 });
  await unsavedPublish().click();
  await page.getByRole('menuitem', { name: 'Publish now' }).click();
}

const show = (ref: string, path: string) => git('show', `${ref}:${path}`);

/**
 * The preview frame: with languages, the pane beside the English column shows another
 * language's column until the editor switches it to the preview.
 */
async function showPreview() {
  if ((await page.locator('iframe').count()) === 0) {
    await page.getByTitle('Toggle preview').click();
  }
  return page.locator('iframe').first().contentFrame();
}

/** The changed lines of the last commit (without the diff's headers). */
function changedLines(): string[] {
  return git('show', '--format=', '--unified=0', 'HEAD')
    .split('\n')
    .filter((line) => /^[-+](?![-+]{2} )/.test(line));
}

function frontMatter(mdx: string): { data: Record<string, unknown>; body: string } {
  const match = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(mdx);
  if (!match) throw new Error('no front matter');
  return { data: parse(match[1] ?? '') as Record<string, unknown>, body: match[2] ?? '' };
}

test("an item's title, saved in the CMS, is one commit of that change", async () => {
  const before = git('rev-parse', 'HEAD').trim();
  const original = await readFile(join(repo, ITEM), 'utf8');
  await openEntry('items-eia', '01-energy-efficiency');
  const title = field('Title');
  await expect(title).toHaveValue('Energy Efficiency', { timeout: 60_000 });
  await fillChange(title, NEW_TITLE);
  await publish();
  await expect(page.getByText('Entry saved')).toBeVisible({ timeout: 60_000 });

  expect(git('rev-list', '--count', `${before}..HEAD`).trim()).toBe('1');
  expect(git('show', '--name-only', '--format=', 'HEAD').trim()).toBe(ITEM);
  const saved = show('HEAD', ITEM);
  expect(parse(saved)).toEqual({ ...parse(original), title: NEW_TITLE });
  test.info().annotations.push({ type: 'item diff', description: changedLines().join('\n') });
  expect(changedLines()).toEqual([`-title: Energy Efficiency`, `+title: ${NEW_TITLE}`]);
  expect(dirtyFiles(repo)).toEqual([]);
});

test("a page's description, saved in the CMS, leaves the MDX body byte-identical", async () => {
  const before = git('rev-parse', 'HEAD').trim();
  const original = frontMatter(await readFile(join(repo, PAGE), 'utf8'));
  await openEntry('pages', 'about');
  const description = field('Description');
  await expect(description).toHaveValue(/^A Kerala environmental/, { timeout: 60_000 });
  await fillChange(description, NEW_DESCRIPTION);
  await publish();
  await expect(page.getByText('Entry saved')).toBeVisible({ timeout: 60_000 });

  expect(git('rev-list', '--count', `${before}..HEAD`).trim()).toBe('1');
  expect(git('show', '--name-only', '--format=', 'HEAD').trim()).toBe(PAGE);
  const saved = frontMatter(show('HEAD', PAGE));
  expect(saved.body).toBe(original.body);
  expect(saved.data).toEqual({ ...original.data, description: NEW_DESCRIPTION });
  test.info().annotations.push({ type: 'page diff', description: changedLines().join('\n') });
  expect(changedLines()).toEqual([
    `-description: ${String(original.data['description'])}`,
    `+description: ${NEW_DESCRIPTION}`,
  ]);
});

test('a service page with only its title changed saves, its empty body left empty', async () => {
  const before = git('rev-parse', 'HEAD').trim();
  const file = 'content/pages/en/renewable-energy.mdx';
  const original = frontMatter(await readFile(join(repo, file), 'utf8'));
  await openEntry('pages', 'renewable-energy');
  const title = field('Title');
  await expect(title).toHaveValue('Renewable Energy Solutions', { timeout: 60_000 });
  // The route prints no body: the body is optional, and its hint names the pages that print one.
  await expect(page.getByText(/printed on these pages only: about, careers/).first()).toBeVisible();
  await fillChange(title, 'Renewable Energy, Planned for Your Site');
  await publish();
  await expect(page.getByText('Entry saved')).toBeVisible({ timeout: 60_000 });

  expect(git('rev-list', '--count', `${before}..HEAD`).trim()).toBe('1');
  expect(git('show', '--name-only', '--format=', 'HEAD').trim()).toBe(file);
  expect(changedLines()).toEqual([
    `-title: ${String(original.data['title'])}`,
    '+title: Renewable Energy, Planned for Your Site',
  ]);
  expect(frontMatter(show('HEAD', file)).body).toBe(original.body);
});

test('the pages list offers each page once, not once per language', async () => {
  await goTo('pages');
  const title = String(frontMatter(await readFile(join(repo, PAGE), 'utf8')).data['title']);
  await expect(page.getByRole('link', { name: title })).toHaveCount(1, { timeout: 60_000 });
  const ml = String(
    frontMatter(await readFile(join(repo, 'content/pages/ml/about.mdx'), 'utf8')).data['title'],
  );
  await expect(page.getByRole('link', { name: ml })).toHaveCount(0);
});

test('a Malayalam translation, edited beside the English, is one commit of its own file', async () => {
  const before = git('rev-parse', 'HEAD').trim();
  const file = `content/team/ml/${TEAM_ENTRY}.yaml`;
  const original = parse(await readFile(join(repo, file), 'utf8')) as Record<string, unknown>;
  await openEntry('team', TEAM_ENTRY);
  // English first, the Malayalam column beside it.
  const name = page.getByLabel('Name', { exact: true });
  await expect(name.nth(1)).toHaveValue(String(original['name']), { timeout: 60_000 });
  const translated = `${String(original['name'])} (പുതിയത്)`;
  await name.nth(1).fill(translated);
  // (Its `translation` status is a select beside it: tests/unit/cms-translation-save.test.ts
  // saves a change of both through the same backend.)
  await publish();
  await expect(page.getByText('Entry saved')).toBeVisible({ timeout: 60_000 });

  expect(git('rev-list', '--count', `${before}..HEAD`).trim()).toBe('1');
  expect(git('show', '--name-only', '--format=', 'HEAD').trim()).toBe(file);
  expect(parse(show('HEAD', file))).toEqual({ ...original, name: translated });
  test
    .info()
    .annotations.push({ type: 'translation diff', description: changedLines().join('\n') });
  expect(changedLines()).toEqual([`-name: ${String(original['name'])}`, `+name: ${translated}`]);
  expect(dirtyFiles(repo)).toEqual([]);
});

test('the dev server renders the home page with no React error in its terminal', async () => {
  const response = await fetch(`${site}/`);
  expect(response.status).toBe(200);
  await response.text();
  expect(devLog).not.toMatch(/Invalid hook call|Error:/);
});

test('a description below its minimum length shows the field error and commits nothing', async () => {
  const before = git('rev-parse', 'HEAD').trim();
  await openEntry('pages', 'about');
  const description = field('Description');
  await expect(description).toHaveValue(NEW_DESCRIPTION, { timeout: 60_000 });
  await fillChange(description, 'Too short.');
  await publish();
  // The pattern's own sentence, nothing around it; the counter under the field says why.
  await expect(
    page.getByText('Use 50 to 170 characters, not counting spaces at either end.', {
      exact: true,
    }),
  ).toBeVisible();
  await expect(page.getByText('10 characters; 50 to 170 allowed', { exact: true })).toBeVisible();
  // Give a wrongly accepted save time to reach the backend before looking.
  await page.waitForTimeout(1_000);
  expect(git('rev-parse', 'HEAD').trim()).toBe(before);
  expect(dirtyFiles(repo)).toEqual([]);
});

test('a save over a commit made since the entry was opened is refused, naming the file', async () => {
  const file = `content/team/en/${TEAM_ENTRY}.yaml`;
  await openEntry('team', TEAM_ENTRY);
  const name = field('Name');
  await expect(name).not.toHaveValue('', { timeout: 60_000 });
  // Elsewhere, someone changes the role and commits.
  const original = await readFile(join(repo, file), 'utf8');
  const changed = original.replace(/^role: .*$/m, 'role: Head of waste programmes');
  expect(changed).not.toBe(original);
  await writeFile(join(repo, file), changed);
  git('commit', '-qam', 'Team: a new role');
  const head = git('rev-parse', 'HEAD').trim();

  await fillChange(name, 'Waste Management Lead');
  await publish();
  await expect(page.getByText(`${file} has changed since you opened it`)).toBeVisible({
    timeout: 30_000,
  });
  expect(git('rev-parse', 'HEAD').trim()).toBe(head);
  expect(show('HEAD', file)).toContain('role: Head of waste programmes');
  expect(dirtyFiles(repo)).toEqual([]);
});

test('an icon is picked by searching, each match drawn with its glyph, by keyboard', async () => {
  await openEntry('items-eia', '03-water-conservation');
  await expect(field('Title')).toHaveValue('Water Conservation', { timeout: 60_000 });
  const picker = page.getByPlaceholder('Type to search, e.g. water').first();
  await picker.click();
  await picker.fill('water');
  const list = page.getByRole('listbox', { name: 'Icons' });
  // By name and by Lucide's tags: "water" finds the faucet, whose name does not say it.
  const faucet = list.getByRole('option', { name: 'faucet', exact: true });
  await expect(faucet).toBeVisible();
  await expect(faucet.locator('use')).toHaveAttribute('href', '/cms/icons.svg#faucet');
  const drawn = await faucet.locator('svg').evaluate((svg) => svg.getBoundingClientRect().width);
  expect(drawn).toBeGreaterThan(0);
  const options = await list.getByRole('option').allTextContents();
  const index = options.indexOf('faucet');
  for (let i = 0; i < index; i++) await picker.press('ArrowDown');
  await expect(faucet).toHaveAttribute('aria-selected', 'true');
  await picker.press('Enter');
  await expect(list).toHaveCount(0);
  await expect(picker).toHaveValue('faucet');
  // The preview draws the icon as the site does.
  const preview = await showPreview();
  await expect(preview.locator('use[href="/cms/icons.svg#faucet"]').first()).toBeAttached();
});

test("an illustration is picked from thumbnails; the preview has the site's styles", async () => {
  await openEntry('items-generator', '01-core-technology-operation');
  await expect(field('Title')).not.toHaveValue('', { timeout: 60_000 });
  // The English column's picker (the Malayalam column shows English's, read-only).
  const tiles = page.getByRole('group', { name: 'Image' }).first().getByRole('button');
  expect(await tiles.count()).toBeGreaterThan(30);
  const tile = tiles.filter({ hasText: /^solar-rows$/ });
  await expect(tile.locator('img')).toHaveJSProperty('complete', true);
  expect(
    await tile.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth),
  ).toBeGreaterThan(0);
  await tile.click();
  await expect(tile).toHaveAttribute('aria-pressed', 'true');
  const preview = await showPreview();
  await expect(preview.locator('img[src="/cms/illustrations/solar-rows.svg"]')).toBeVisible();
  const font = await preview.locator('body').evaluate((body) => getComputedStyle(body).fontFamily);
  expect(font).not.toMatch(/^"?Times/);
});

test('a photo uploaded for a project hero is committed with its description', async () => {
  await openEntry('projects', 'biogas-units');
  await expect(field('Title')).not.toHaveValue('', { timeout: 60_000 });
  const before = Number(git('rev-list', '--count', 'HEAD'));
  await page.getByRole('button', { name: 'Choose an image' }).first().click({ timeout: 10_000 });
  // A photo of its own (bytes after a JPEG's end are ignored): files are named by content.
  const photo = Buffer.concat([
    await readFile(join(root, 'src/assets/slides/slide2.jpg')),
    Buffer.from('biogas-site'),
  ]);
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: 'biogas-site.jpg', mimeType: 'image/jpeg', buffer: photo });
  // The upload is committed at once and comes back selected.
  await expect(page.getByText('biogas-site.jpg').first()).toBeVisible({ timeout: 20_000 });
  await page.getByRole('button', { name: 'Choose selected' }).click({ timeout: 20_000 });
  // A photo without its description is not saved: the field asks for it.
  const uploaded = git('rev-parse', 'HEAD').trim();
  await publish();
  await expect(
    page.getByText(
      'Photo description (alt text) is needed once anything else in \u201cPhoto\u201d is filled in.',
      { exact: true },
    ),
  ).toBeVisible();
  await page.waitForTimeout(1_000);
  expect(git('rev-parse', 'HEAD').trim()).toBe(uploaded);
  await page
    .getByLabel('Photo description (alt text)')
    .first()
    .fill(PHOTO_ALT, { timeout: 20_000 });
  await publish();
  await expect(page.getByText('Entry saved')).toBeVisible({ timeout: 60_000 });
  const mdx = frontMatter(show('HEAD', 'content/projects/en/biogas-units.mdx')).data;
  expect(mdx['hero']).toMatchObject({
    photo: { src: '/uploads/biogas-site.jpg', alt: PHOTO_ALT },
  });
  expect(git('ls-files', 'src/assets/uploads').trim()).toBe('src/assets/uploads/biogas-site.jpg');
  expect(Number(git('rev-list', '--count', 'HEAD'))).toBeGreaterThan(before);
  expect(dirtyFiles(repo)).toEqual([]);
});

test('a new team member is saved as NN-slug.yaml, numbered by position', async () => {
  await goTo('team', 'new');
  const position = field('Position');
  await position.fill('7', { timeout: 60_000 });
  await field('Name').fill('Meera Nair');
  await field('Role').fill('Biogas and compost systems for schools');
  const icon = page.getByPlaceholder('Type to search, e.g. water').first();
  await icon.fill('sprout');
  await icon.press('Enter');
  await expect(icon).toHaveValue('sprout');
  await publish();
  await expect(page.getByText('Entry saved')).toBeVisible({ timeout: 60_000 });
  const file = 'content/team/en/07-meera-nair.yaml';
  expect(git('show', '--name-only', '--format=', 'HEAD').trim()).toBe(file);
  // The position that names the file is not written into it.
  expect(parse(show('HEAD', file))).toEqual({
    order: 7,
    name: 'Meera Nair',
    role: 'Biogas and compost systems for schools',
    icon: 'sprout',
  });
  expect(dirtyFiles(repo)).toEqual([]);
});

test('a name of spaces only is refused and commits nothing', async () => {
  const before = git('rev-parse', 'HEAD').trim();
  await openEntry('team', TEAM_ENTRY);
  const name = field('Name');
  await expect(name).not.toHaveValue('', { timeout: 60_000 });
  await fillChange(name, '   ');
  await publish();
  await expect(
    page.getByText('Write something here: it cannot be blank or only spaces.', { exact: true }),
  ).toBeVisible();
  await page.waitForTimeout(1_000);
  expect(git('rev-parse', 'HEAD').trim()).toBe(before);
  expect(dirtyFiles(repo)).toEqual([]);
});

test('the clone builds, with the new copy on its pages', async () => {
  dev?.kill('SIGTERM');
  await promisify(execFile)(process.execPath, [astro, 'build', '--silent'], {
    cwd: repo,
    env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' },
    maxBuffer: 32 * 1024 * 1024,
  });
  const about = await readFile(join(repo, 'dist/about/index.html'), 'utf8');
  expect(about).toContain(`content="${NEW_DESCRIPTION}"`);
  const eia = await readFile(
    join(repo, 'dist/services/environmental-impact-assessment/index.html'),
    'utf8',
  );
  expect(eia).toContain(NEW_TITLE);
  // The uploaded photo, sized and converted by the image pipeline, with its description.
  const project = await readFile(join(repo, 'dist/projects/biogas-units/index.html'), 'utf8');
  const hero = /<picture class="illustration"[^>]*>.*?<\/picture>/s.exec(project)?.[0] ?? '';
  expect(hero).toMatch(/<source srcset="\/_astro\/biogas-site\.[^"]+\.avif \d+w/);
  expect(hero).toContain(`alt="${PHOTO_ALT}"`);
});
