/**
 * What the CMS checks and adds as it saves, in Decap's `preSave` and `prePublish` events. A
 * browser module copied as it is to /cms/saving.js (src/integrations/cms.ts); it also runs under
 * Node (scripts/cms-guard.ts, the tests), so nothing here touches `window` until registered.
 *
 * - File names: a new entry of a collection with a position (`order`) is saved as
 *   `NN-slug.yaml`, NN its position with two digits, as the house's files are named. Decap's slug
 *   templates cannot pad a number, so the position goes into the data as `FILE_NUMBER` for the
 *   slug template (src/integrations/cms/config.ts) and the formats leave it out of the file
 *   (src/integrations/cms/tidy-yaml.ts).
 * - No silent overwrite on GitHub. Decap writes an editor's whole file: the first save of a
 *   change commits it over `main` as it is then, and each later save re-applies it over a newer
 *   `main` (its "rebase"), so a change that reached `main` after the editor opened the entry
 *   would be undone without a conflict. Before a save, the file the editor loaded (its git blob
 *   id) must still be the file where it came from (`main`, or the draft's branch), and a draft's
 *   file must not have changed on `main` since the draft was made; before a publish, the latter
 *   again. The same rule runs on GitHub as the `cms-guard` check of `cms/` pull requests
 *   (scripts/cms-guard.ts), so a merge that bypasses the editor is refused too. Locally the
 *   backend has its own guard (scripts/cms-backend.ts).
 *   Every collection keeps each language in a file of its own (Decap's i18n, `multiple_folders`):
 *   Decap hands the checks an entry's path without its language folder and none of its files'
 *   texts, so each language's file is checked instead: where it exists, its version where it
 *   came from must be one the CMS read (the formats note every text read, tidy-yaml.ts).
 */

/** The data key that carries a new entry's two-digit position to the slug template. */
export const FILE_NUMBER = '_file_number';

/**
 * The data key that marks a new entry's data, so the formats write it fresh and never over the
 * remembered text of another file (src/integrations/cms/tidy-yaml.ts).
 */
export const NEW_ENTRY = '_new_entry';

/**
 * Whether the save in progress is of a new entry, for the formats: Decap hands them each
 * language's data alone, and takes back only the default language's data from `preSave`, so the
 * other languages' files learn it here. A key on `globalThis`: the formats are bundled apart.
 */
const SAVING_NEW_ENTRY = Symbol.for('cms.saving-new-entry');

/** Notes whether the save now starting is of a new entry (`preSave`), or that it ended. */
export function noteSavingNewEntry(/** @type {boolean} */ isNew) {
  /** @type {Record<symbol, unknown>} */ (globalThis)[SAVING_NEW_ENTRY] = isNew;
}

/** Whether the save in progress is of a new entry. */
export function savingNewEntry() {
  return /** @type {Record<symbol, unknown>} */ (globalThis)[SAVING_NEW_ENTRY] === true;
}

/** `7` → `07`: the house's file-name prefix for a position. */
export const fileNumber = (/** @type {number} */ order) =>
  String(Math.max(0, Math.trunc(order))).padStart(2, '0');

/** Git's id of a file's content (`git hash-object`): SHA-1 of "blob <size>\0" and the bytes. */
export async function gitBlobId(/** @type {string} */ text) {
  const body = new TextEncoder().encode(text);
  const header = new TextEncoder().encode(`blob ${body.length}\0`);
  const bytes = new Uint8Array(header.length + body.length);
  bytes.set(header);
  bytes.set(body, header.length);
  const digest = await crypto.subtle.digest('SHA-1', bytes);
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * What the checks read of a repository.
 * @typedef {object} Repo
 * @property {(ref: string, path: string) => Promise<string | null>} blob
 *   the file's blob id at `ref`, or null where it does not exist
 * @property {(base: string, head: string) => Promise<string>} mergeBase
 *   the commit `head` branched from `base` at
 * @property {(ref: string, path: string) => Promise<string>} lastChange
 *   the last commit at `ref` that changed the file, as "abc1234, Editor: Team: a new role"
 */

/**
 * Why publishing (or saving again) the draft on `draftBranch` would undo a change to `path` on
 * `branch`, or undefined: the file changed on `branch` since the draft branched from it.
 */
export async function staleDraft(
  /** @type {Repo} */ repo,
  /** @type {{path: string, branch: string, draftBranch: string}} */ { path, branch, draftBranch },
) {
  const base = await repo.mergeBase(branch, draftBranch);
  const [then, now] = await Promise.all([repo.blob(base, path), repo.blob(branch, path)]);
  if (then === now) return undefined;
  return (
    `${path} has changed on ${branch} since this draft was saved (${await repo.lastChange(branch, path)}), ` +
    'and publishing the draft would undo that change. Delete the draft\u2019s changes, reload ' +
    'the page and make your change again on the newer version.'
  );
}

/**
 * Why a save of the entry at `path`, loaded as `raw`, would undo someone else's change, or
 * undefined. `draftBranch` is the branch of the entry's draft when it has one (loaded from it).
 */
export async function staleSave(
  /** @type {Repo} */ repo,
  /** @type {{path: string, raw: string, branch: string, draftBranch?: string}} */ entry,
) {
  const { path, raw, branch, draftBranch } = entry;
  const from = draftBranch ?? branch;
  const [loaded, now] = await Promise.all([gitBlobId(raw), repo.blob(from, path)]);
  if (loaded !== now) {
    const change = now === null ? 'it was deleted' : await repo.lastChange(from, path);
    return (
      `${path} has changed since you opened it (${change}). Reload the page to see the newer ` +
      'version, then make your change again. Nothing was saved.'
    );
  }
  return draftBranch === undefined ? undefined : staleDraft(repo, { path, branch, draftBranch });
}

/**
 * The files of an entry in each of `locales`: Decap's path of a translated entry has no
 * language folder (`content/pages/about.mdx`); each language's file sits in one
 * (`content/pages/ml/about.mdx`), as Decap's `multiple_folders` puts it.
 */
export function localeFiles(/** @type {string} */ path, /** @type {readonly string[]} */ locales) {
  const slash = path.lastIndexOf('/');
  return locales.map((locale) => `${path.slice(0, slash)}/${locale}${path.slice(slash)}`);
}

/**
 * Why a save of a translated entry (its files `paths`, one per language) would undo someone
 * else's change, or undefined: a file whose version where it came from is none of the versions
 * the CMS read (`read`, git blob ids), or, for a draft, one that changed on `branch` since.
 */
export async function staleTranslatedSave(
  /** @type {Repo} */ repo,
  /** @type {{paths: readonly string[], read: ReadonlySet<string>, branch: string, draftBranch?: string}} */ entry,
) {
  const { paths, read, branch, draftBranch } = entry;
  const from = draftBranch ?? branch;
  for (const path of paths) {
    const now = await repo.blob(from, path);
    // A language without a file yet: the save adds its translation.
    if (now === null || read.has(now)) continue;
    return (
      `${path} has changed since you opened it (${await repo.lastChange(from, path)}). Reload ` +
      'the page to see the newer version, then make your change again. Nothing was saved.'
    );
  }
  if (draftBranch === undefined) return undefined;
  for (const path of paths) {
    const stale = await staleDraft(repo, { path, branch, draftBranch });
    if (stale !== undefined) return stale;
  }
  return undefined;
}

/** The git blob ids of `texts`, each computed once. */
function blobIds() {
  /** @type {Map<string, Promise<string>>} */
  const ids = new Map();
  return async (/** @type {readonly string[]} */ texts) => {
    for (const text of texts) if (!ids.has(text)) ids.set(text, gitBlobId(text));
    return new Set(await Promise.all(texts.map((text) => ids.get(text))));
  };
}

/** The branch of an entry's draft in the editorial workflow (decap-cms-backend-github). */
export const draftBranchOf = (/** @type {string} */ collection, /** @type {string} */ slug) =>
  `cms/${collection}/${slug}`;

/**
 * GitHub's REST API as a `Repo`, with the signed-in editor's token. Answers are never taken
 * from the browser's cache (GitHub lets one be reused for a minute).
 */
export function githubRepo(
  /** @type {{apiRoot: string, repo: string, token: string}} */ { apiRoot, repo, token },
  fetcher = fetch,
) {
  const get = async (/** @type {string} */ path) => {
    const response = await fetcher(`${apiRoot}/repos/${repo}/${path}`, {
      headers: { Authorization: `token ${token}`, Accept: 'application/vnd.github+json' },
      cache: 'no-store',
    });
    if (response.status === 404) return undefined;
    if (!response.ok) throw new Error(`GitHub answered ${response.status} to ${path}`);
    return response.json();
  };
  const filePath = (/** @type {string} */ path) =>
    path.split('/').map(encodeURIComponent).join('/');
  /** @type {Repo} */
  const api = {
    async blob(ref, path) {
      const file = await get(`contents/${filePath(path)}?ref=${encodeURIComponent(ref)}`);
      return file?.sha ?? null;
    },
    async mergeBase(base, head) {
      const comparison = await get(`compare/${base}...${head}`);
      if (comparison === undefined) throw new Error(`no comparison of ${base} and ${head}`);
      return comparison.merge_base_commit.sha;
    },
    async lastChange(ref, path) {
      const query = `sha=${encodeURIComponent(ref)}&path=${encodeURIComponent(path)}&per_page=1`;
      const [commit] = (await get(`commits?${query}`)) ?? [];
      if (commit === undefined) return 'in a commit not found';
      const subject = String(commit.commit.message).split('\n')[0];
      return `${commit.sha.slice(0, 7)}, ${commit.commit.author?.name ?? 'someone'}: ${subject}`;
    },
  };
  return api;
}

/** The signed-in editor, as Decap keeps them; the GitHub checks run for GitHub sign-ins only. */
function githubToken() {
  try {
    const user = JSON.parse(localStorage.getItem('decap-cms-user') ?? 'null');
    return user?.backendName === 'github' && typeof user.token === 'string'
      ? user.token
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A new entry's data as it is saved (what `preSave` gives back to Decap): marked NEW_ENTRY and,
 * in a collection with positions, its position as FILE_NUMBER.
 */
export function markedNew(/** @type {any} */ entry, /** @type {Set<string>} */ numbered) {
  const data = entry.get('data').set(NEW_ENTRY, true);
  const order = data.get('order');
  return numbered.has(entry.get('collection')) && Number.isFinite(order)
    ? data.set(FILE_NUMBER, fileNumber(order))
    : data;
}

/**
 * Registers the checks with Decap (`CMS`): `backend` is the config's (repository, branch and
 * API root), `positioned` the collections whose new files are numbered by position, `i18n` the
 * languages each entry has a file for and the texts of the files the CMS read (the formats').
 */
export function registerSaving(
  /** @type {any} */ CMS,
  /** @type {{repo?: string, branch: string, api_root?: string}} */ backend,
  /** @type {readonly string[]} */ positioned,
  /** @type {{locales: readonly string[], textsRead: () => string[]}} */ i18n = {
    locales: [],
    textsRead: () => [],
  },
) {
  const numbered = new Set(positioned);
  const readBlobs = blobIds();
  /** An entry's files: one per language, or its one file. */
  const filesOf = (/** @type {any} */ entry) =>
    i18n.locales.length > 0 ? localeFiles(entry.get('path'), i18n.locales) : [entry.get('path')];
  const repoFor = () => {
    const token = githubToken();
    if (token === undefined || backend.repo === undefined) return undefined;
    const apiRoot = backend.api_root ?? 'https://api.github.com';
    return githubRepo({ apiRoot, repo: backend.repo, token });
  };
  const draftOf = (/** @type {any} */ entry) =>
    entry.get('status') ? draftBranchOf(entry.get('collection'), entry.get('slug')) : undefined;

  CMS.registerEventListener({
    name: 'preSave',
    handler: async (/** @type {{entry: any}} */ { entry }) => {
      noteSavingNewEntry(entry.get('newRecord') === true);
      const repo = repoFor();
      if (repo !== undefined && !entry.get('newRecord')) {
        const draftBranch = draftOf(entry);
        const where = {
          branch: backend.branch,
          ...(draftBranch !== undefined && { draftBranch }),
        };
        const stale =
          i18n.locales.length > 0
            ? await staleTranslatedSave(repo, {
                paths: filesOf(entry),
                read: await readBlobs(i18n.textsRead()),
                ...where,
              })
            : await staleSave(repo, { path: entry.get('path'), raw: entry.get('raw'), ...where });
        if (stale !== undefined) throw new Error(stale);
      }
      return entry.get('newRecord') ? markedNew(entry, numbered) : undefined;
    },
  });
  CMS.registerEventListener({
    name: 'postSave',
    handler: () => noteSavingNewEntry(false),
  });
  CMS.registerEventListener({
    name: 'prePublish',
    handler: async (/** @type {{entry: any}} */ { entry }) => {
      const repo = repoFor();
      const draftBranch = draftOf(entry);
      if (repo === undefined || draftBranch === undefined) return;
      for (const path of filesOf(entry)) {
        const stale = await staleDraft(repo, { path, branch: backend.branch, draftBranch });
        if (stale !== undefined) throw new Error(stale);
      }
    },
  });
}
