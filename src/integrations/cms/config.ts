/**
 * The Decap CMS configuration, generated from the content schemas (one schema, no
 * hand-written config). Each collection of src/content.config.ts becomes a folder collection:
 * MDX pages and projects as front matter plus a `body` in raw Markdown (raw, because a rich-text
 * round trip re-serialises the body and breaks MDX imports and components), YAML collections as
 * YAML. A collection kept in sub-folders named by an enum field (the items and their `group`)
 * becomes one CMS collection per folder with that field hidden and fixed, so an editor picks the
 * page an item belongs to by where they create it and a save never moves a file.
 * Every collection is translated in the CMS (Decap's i18n, `multiple_folders`;
 * src/integrations/cms/i18n.ts): an editor opens an entry once and edits its languages side by
 * side, each saved to the file in its language's folder. The pages are a folder collection too,
 * with no new or deleted pages: Decap offers i18n on a files collection only as `single_file`
 * (all languages in one file), which is not the layout Astro reads. So a page offers every page
 * field (the ones its route does not show stay empty) and the body with a hint naming the pages
 * that print it.
 * Production uses the GitHub backend with the editorial workflow (a branch and pull request per
 * change); `local_backend` is used only when the CMS runs on localhost. `npm run cms` sets
 * CMS_LOCAL=true and CMS_BRANCH to the checked-out branch: there each save is one commit on that
 * branch (simple mode), since decap-server's editorial workflow would switch branches under the
 * running dev server.
 */
import { assetNames } from '../../content-schema/asset-names.ts';
import { fieldsOf, labelOf, type CmsField, type JsonSchema, type NameLists } from './fields.ts';
import {
  itemGroups,
  type ItemGroupDeclaration,
  type ItemGroupName,
} from '../../content-schema/item-groups.ts';
import {
  collectionSources,
  entriesOf,
  keysAt,
  pagesWithBody,
  readSchema,
  subfolders,
  type CollectionSource,
} from './sources.ts';
import { CMS_I18N, withI18n, type CmsI18n } from './i18n.ts';
import { FILE_NUMBER } from './saving.js';
import { TIDY_FRONTMATTER, TIDY_YAML } from './tidy-yaml.ts';

/** Where uploaded photos are committed (the local backend lets media paths in here only). */
export const MEDIA_FOLDER = 'src/assets/uploads';

/** decap-server's default address; `npm run cms` binds it to loopback. */
export const LOCAL_BACKEND_URL = 'http://127.0.0.1:8081/api/v1';

/** The local backend's address: decap-server's default, or CMS_BACKEND_PORT on loopback. */
export function localBackendUrl(env: Env = process.env): string {
  const port = env['CMS_BACKEND_PORT'];
  return port !== undefined && /^\d{1,5}$/.test(port)
    ? `http://127.0.0.1:${port}/api/v1`
    : LOCAL_BACKEND_URL;
}

/**
 * A folder collection: each English file of `folder` (in `folder/en/`) is an entry, all with the
 * same fields; its translations are the files of the same name in `folder/ml/`, `folder/ar/`.
 */
export interface CmsFolderCollection {
  name: string;
  label: string;
  label_singular?: string;
  folder: string;
  extension: string;
  format: typeof TIDY_YAML | typeof TIDY_FRONTMATTER;
  create: boolean;
  delete: boolean;
  /** Each language in a folder of its own (the config's `i18n`). */
  i18n: true;
  slug: string;
  identifier_field: string;
  summary?: string;
  sortable_fields?: string[];
  /** Where an entry shows on a deploy preview (under `site_url`), when not on the home page. */
  preview_path?: string;
  fields: CmsField[];
}

export type CmsCollection = CmsFolderCollection;

/** The fields of a collection's entries, by the name its preview template is registered under. */
export function fieldSets(collection: CmsCollection): { name: string; fields: CmsField[] }[] {
  return [{ name: collection.name, fields: collection.fields }];
}

export interface CmsConfig {
  backend: { name: 'github'; repo?: string; branch: string; squash_merges: boolean };
  publish_mode: 'editorial_workflow' | 'simple';
  local_backend: { url: string };
  site_url?: string;
  display_url?: string;
  media_folder: string;
  public_folder: string;
  /** Every collection's languages (src/integrations/cms/i18n.ts). */
  i18n: CmsI18n;
  collections: CmsCollection[];
}

type Env = Readonly<Record<string, string | undefined>>;

/** Where the collections' schemas come from: .astro/collections, or a test's copies. */
export type SchemaSource = (collection: string) => JsonSchema;

/** Which name list a string field draws from, by field name, per collection. */
function namesFor(collection: string, names: ReturnType<typeof assetNames>): NameLists {
  return {
    // Pickers with pictures (src/integrations/cms/editing.js); slide photos are few and plain.
    icon: { widget: 'icon', options: names.icons },
    image:
      collection === 'slides'
        ? { widget: 'select', options: names.slideImages }
        : { widget: 'illustration', options: names.illustrations },
    // A hero photo's file: uploaded through the media library into MEDIA_FOLDER.
    src: { widget: 'image', options: names.uploads },
  };
}

/** The enum field whose values are exactly the collection's sub-folders, if it has some. */
function splitField(schema: JsonSchema, folders: readonly string[]): string | undefined {
  if (folders.length === 0) return undefined;
  const wanted = [...folders].sort().join('\n');
  const found = Object.entries(schema.properties ?? {}).find(
    ([, property]) => property.enum?.map(String).sort().join('\n') === wanted,
  );
  if (found === undefined) {
    throw new Error(`sub-folders of a collection must match an enum field: ${folders.join(', ')}`);
  }
  return found[0];
}

/** The field an entry is named by in lists: its title, else its name, else its first field. */
function identifierOf(properties: readonly string[]): string {
  return ['title', 'name'].find((name) => properties.includes(name)) ?? properties[0] ?? 'title';
}

/** Fields an item group's page does not show (src/content-schema/item-groups.ts). */
function hiddenForGroup(group: string): ReadonlySet<string> {
  const declaration = (itemGroups as Record<string, ItemGroupDeclaration | undefined>)[group];
  if (declaration === undefined) {
    throw new Error(
      `content/items/${group}: declare the group in src/content-schema/item-groups.ts`,
    );
  }
  return new Set([
    declaration.media === 'image' ? 'icon' : 'image',
    ...(declaration.infographic ? [] : ['infographic']),
  ]);
}

/** Collections whose entries have pages of their own: where a deploy preview shows one. */
const PREVIEW_PATHS: Readonly<Record<string, string>> = {
  projects: 'projects/{{slug}}',
  openings: 'careers/{{slug}}',
};

/** The body of a Markdown page, as raw Markdown. */
const BODY: CmsField = { name: 'body', label: 'Body', widget: 'markdown', modes: ['raw'] };

/**
 * The pages' body: only some routes print it (`pagesWithBody`), and Decap offers one set of
 * fields for a whole folder collection, so it is optional there and says where it shows.
 */
function pageBody(root: string): CmsField {
  const shown = [...pagesWithBody(root)].sort().join(', ');
  return {
    ...BODY,
    required: false,
    hint: `The page's text, printed on these pages only: ${shown}. Leave it empty elsewhere.`,
  };
}

/**
 * Decap finds an entry's language by the first `<locale>/` in its path (its
 * `normalizeFilePath`): a folder above the language folders whose name ends in a language's
 * code (`garden/` holds `en/`) would be mistaken for one.
 */
function checkFolderNames(folder: string): void {
  const clash = folder
    .split('/')
    .find((name) => CMS_I18N.locales.some((locale) => name.endsWith(locale)));
  if (clash !== undefined) {
    throw new Error(
      `${folder}: the CMS would read the folder "${clash}" as a language folder (its name ends ` +
        `in a language code of ${CMS_I18N.locales.join(', ')}): rename it`,
    );
  }
}

function collectionsOf(
  root: string,
  source: CollectionSource,
  assets: ReturnType<typeof assetNames>,
  schemaOf: SchemaSource,
): CmsCollection[] {
  const schema = schemaOf(source.name);
  const names = namesFor(source.name, assets);
  const markdown = /\.\{?(md|mdx)/.test(source.pattern);
  const folder = source.base.replace(/^\.\//, '').replace(/\/$/, '');
  const entries = entriesOf(root, folder);
  const properties = Object.keys(schema.properties ?? {});
  const identifier = identifierOf(properties);
  const common = {
    extension: markdown ? (source.pattern.includes('mdx') ? 'mdx' : 'md') : 'yaml',
    // Registered by /cms/formats.js: saves that change only the edited values' lines.
    format: (markdown ? TIDY_FRONTMATTER : TIDY_YAML) as CmsFolderCollection['format'],
    // The pages are the site's routes: an editor changes them, never adds or removes one.
    create: source.name !== 'pages',
    delete: source.name !== 'pages',
    // Each language's file in a folder of its language (src/integrations/cms/i18n.ts).
    i18n: true as const,
    identifier_field: identifier,
    // The house's data files are named `NN-slug.yaml`, NN the position
    // (src/integrations/cms/saving.js); a page's file (a project's) by its address alone.
    slug:
      !markdown && properties.includes('order') ? `{{fields.${FILE_NUMBER}}}-{{slug}}` : '{{slug}}',
    ...(properties.includes('order') && {
      summary: `{{order}}. {{${identifier}}}`,
      sortable_fields: ['order', identifier],
    }),
  };
  const body = source.name === 'pages' ? pageBody(root) : BODY;
  const fieldsWith = (fixed?: Record<string, string>) =>
    withI18n([
      ...fieldsOf(schema, {
        names,
        recordKeys: (path) => keysAt(entries, path),
        ...(fixed && { fixed }),
      }),
      ...(markdown ? [body] : []),
    ]);

  const split = splitField(schema, subfolders(root, folder));
  for (const group of [folder, ...subfolders(root, folder).map((name) => `${folder}/${name}`)]) {
    checkFolderNames(group);
  }
  if (split === undefined) {
    // A page's address is its route's, not its file's name (home is /): no deploy-preview link.
    // Projects and openings have pages of their own; slides, team and service cards show on
    // the home page.
    const preview = PREVIEW_PATHS[source.name];
    const previewPath = preview === undefined ? {} : { preview_path: preview };
    const label = source.name === 'pages' ? { label_singular: 'Page' } : {};
    return [
      {
        name: source.name,
        label: labelOf(source.name),
        ...label,
        folder,
        ...common,
        ...previewPath,
        fields: fieldsWith(),
      },
    ];
  }
  return subfolders(root, folder).map((value) => {
    const hidden = hiddenForGroup(value);
    return {
      name: `${source.name}-${value}`,
      label: itemGroups[value as ItemGroupName].label,
      folder: `${folder}/${value}`,
      ...common,
      preview_path: itemGroups[value as ItemGroupName].page.slice(1),
      fields: fieldsWith({ [split]: value }).filter(({ name }) => !hidden.has(name)),
    };
  });
}

/** What a preview draws: a page, a home slide, or a card (team, service card, item). */
export type PreviewKind = 'page' | 'slide' | 'card';

/** The preview template of each collection, by the name Decap looks it up by (its name). */
export function previewTemplates(config: CmsConfig): Record<string, PreviewKind> {
  const templates: Record<string, PreviewKind> = {};
  for (const collection of config.collections) {
    if (collection.extension !== 'yaml') {
      templates[collection.name] = 'page';
    } else {
      templates[collection.name] = collection.name === 'slides' ? 'slide' : 'card';
    }
  }
  return templates;
}

/** The whole config for the project at `root`, with repository settings from `env`. */
export function cmsConfig(
  root: string,
  env: Env = process.env,
  schemaOf: SchemaSource = (collection) => readSchema(root, collection),
): CmsConfig {
  const sources = collectionSources();
  const site = env['SITE_URL'] ?? env['URL'];
  const repo = env['CMS_GITHUB_REPO'];
  const assets = assetNames(root);
  return {
    backend: {
      name: 'github',
      ...(repo && { repo }),
      branch: env['CMS_BRANCH'] || 'main',
      squash_merges: true,
    },
    publish_mode: env['CMS_LOCAL'] === 'true' ? 'simple' : 'editorial_workflow',
    local_backend: { url: localBackendUrl(env) },
    ...(site && { site_url: site, display_url: site }),
    // Uploads go where Astro's image pipeline finds them (src/page-helpers/uploads.ts); content
    // names them `/uploads/<file>`.
    media_folder: MEDIA_FOLDER,
    public_folder: '/uploads',
    i18n: CMS_I18N,
    collections: sources.flatMap((source) => collectionsOf(root, source, assets, schemaOf)),
  };
}
