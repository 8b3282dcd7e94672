/**
 * The Decap CMS configuration, generated from the content schemas (one schema, no
 * hand-written config). Each collection of src/content.config.ts becomes a folder collection:
 * MDX pages and projects as front matter plus a `body` in raw Markdown (raw, because a rich-text
 * round trip re-serialises the body and breaks MDX imports and components), YAML collections as
 * YAML. A collection kept in sub-folders named by an enum field (the items and their `group`)
 * becomes one CMS collection per folder with that field hidden and fixed, so an editor picks the
 * page an item belongs to by where they create it and a save never moves a file.
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
  entryFiles,
  keysAt,
  pageRoutes,
  pagesWithBody,
  readSchema,
  subfolders,
  type CollectionSource,
} from './sources.ts';
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

/** A folder collection: each file of `folder` is an entry, all with the same fields. */
export interface CmsFolderCollection {
  name: string;
  label: string;
  folder: string;
  extension: string;
  format: typeof TIDY_YAML | typeof TIDY_FRONTMATTER;
  create: boolean;
  delete: boolean;
  slug: string;
  identifier_field: string;
  summary?: string;
  sortable_fields?: string[];
  /** Where an entry shows on a deploy preview (under `site_url`), when not on the home page. */
  preview_path?: string;
  fields: CmsField[];
}

/** One file of a files collection, with the fields of its own. */
export interface CmsFile {
  name: string;
  label: string;
  file: string;
  preview_path?: string;
  fields: CmsField[];
}

/** A files collection: a fixed set of files (the pages), each with its own fields. */
export interface CmsFilesCollection {
  name: string;
  label: string;
  format: typeof TIDY_YAML | typeof TIDY_FRONTMATTER;
  files: CmsFile[];
}

export type CmsCollection = CmsFolderCollection | CmsFilesCollection;

/** The fields of a collection's entries: its own, or those of each of its files. */
export function fieldSets(collection: CmsCollection): { name: string; fields: CmsField[] }[] {
  return 'files' in collection
    ? collection.files.map(({ name, fields }) => ({ name, fields }))
    : [{ name: collection.name, fields: collection.fields }];
}

export interface CmsConfig {
  backend: { name: 'github'; repo?: string; branch: string; squash_merges: boolean };
  publish_mode: 'editorial_workflow' | 'simple';
  local_backend: { url: string };
  site_url?: string;
  display_url?: string;
  media_folder: string;
  public_folder: string;
  collections: CmsCollection[];
}

type Env = Readonly<Record<string, string | undefined>>;

/** Where the collections' schemas come from: .astro/collections, or a test's copies. */
export type SchemaSource = (collection: string) => JsonSchema;

/**
 * Pages that are not copy an editor changes: the admin and its login, the loading-screen demo
 * and the page-not-found texts of the spec. They stay in content/pages for their titles and
 * descriptions but are not offered in the CMS.
 */
export const NOT_EDITED_PAGES: ReadonlySet<string> = new Set([
  'admin',
  'login',
  'anim',
  'not-found',
]);

/** How the CMS names each page (the file's name otherwise). */
const PAGE_LABELS: Readonly<Record<string, string>> = {
  home: 'Home',
  'mcore-hidromagnetic-generator': 'Hydro-magnetic generator',
  'environmental-impact-assessment': 'Environmental impact assessment (EIA)',
};

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

/** Top-level fields a page's file does not use are ones its route does not render. */
function fieldsUsedBy(fields: readonly CmsField[], data: object): CmsField[] {
  return fields.filter((field) => field.required !== false || field.name in data);
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

/**
 * The pages: one file each, offered with the fields its file uses (a page's route renders what
 * its file holds, and the required fields), the body only where the route renders it.
 */
function pagesCollection(
  root: string,
  source: CollectionSource,
  schema: JsonSchema,
  names: NameLists,
): CmsFilesCollection {
  const folder = source.base.replace(/^\.\//, '').replace(/\/$/, '');
  const withBody = pagesWithBody(root);
  const routes = new Map(pageRoutes(root).map(({ id, route }) => [id, route]));
  const files = entryFiles(root, folder)
    .filter(({ name }) => !NOT_EDITED_PAGES.has(name))
    .map(({ name, file, data }): CmsFile => {
      const route = routes.get(name);
      if (route === undefined) {
        throw new Error(`${file}: no route in src/pages shows it (a layout given id="${name}")`);
      }
      const fields = fieldsOf(schema, { names, recordKeys: (path) => keysAt([data], path) });
      const title = Reflect.get(data, 'title');
      return {
        name,
        label: PAGE_LABELS[name] ?? (typeof title === 'string' ? title : name),
        file,
        ...(route !== '/' && { preview_path: route.slice(1) }),
        fields: [...fieldsUsedBy(fields, data), ...(withBody.has(name) ? [BODY] : [])],
      };
    })
    .sort(
      (a, b) =>
        Number(b.name === 'home') - Number(a.name === 'home') || a.label.localeCompare(b.label),
    );
  return { name: source.name, label: labelOf(source.name), format: TIDY_FRONTMATTER, files };
}

/** The body of a Markdown page, as raw Markdown. */
const BODY: CmsField = { name: 'body', label: 'Body', widget: 'markdown', modes: ['raw'] };

function collectionsOf(
  root: string,
  source: CollectionSource,
  assets: ReturnType<typeof assetNames>,
  schemaOf: SchemaSource,
): CmsCollection[] {
  const schema = schemaOf(source.name);
  const names = namesFor(source.name, assets);
  if (source.name === 'pages') return [pagesCollection(root, source, schema, names)];
  const markdown = /\.\{?(md|mdx)/.test(source.pattern);
  const folder = source.base.replace(/^\.\//, '').replace(/\/$/, '');
  const entries = entriesOf(root, folder);
  const properties = Object.keys(schema.properties ?? {});
  const identifier = identifierOf(properties);
  const common = {
    extension: markdown ? (source.pattern.includes('mdx') ? 'mdx' : 'md') : 'yaml',
    // Registered by /cms/formats.js: saves that change only the edited values' lines.
    format: (markdown ? TIDY_FRONTMATTER : TIDY_YAML) as CmsFolderCollection['format'],
    create: true,
    delete: true,
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
  const fieldsWith = (fixed?: Record<string, string>) => [
    ...fieldsOf(schema, {
      names,
      recordKeys: (path) => keysAt(entries, path),
      ...(fixed && { fixed }),
    }),
    ...(markdown ? [BODY] : []),
  ];

  const split = splitField(schema, subfolders(root, folder));
  if (split === undefined) {
    // Projects have pages of their own; slides, team and service cards show on the home page.
    const previewPath = source.name === 'projects' ? { preview_path: 'projects/{{slug}}' } : {};
    return [
      {
        name: source.name,
        label: labelOf(source.name),
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

/**
 * The preview template of each collection, by the name Decap looks it up by: a folder
 * collection's name, or each file's name in a files collection.
 */
export function previewTemplates(config: CmsConfig): Record<string, PreviewKind> {
  const templates: Record<string, PreviewKind> = {};
  for (const collection of config.collections) {
    if ('files' in collection) {
      for (const file of collection.files) templates[file.name] = 'page';
    } else if (collection.extension !== 'yaml') {
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
    collections: sources.flatMap((source) => collectionsOf(root, source, assets, schemaOf)),
  };
}
