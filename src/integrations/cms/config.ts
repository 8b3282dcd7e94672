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
  collectionSources,
  entriesOf,
  keysAt,
  readSchema,
  subfolders,
  type CollectionSource,
} from './sources.ts';
import { TIDY_FRONTMATTER, TIDY_YAML } from './tidy-yaml.ts';

/** decap-server's default address; `npm run cms` binds it to loopback. */
export const LOCAL_BACKEND_URL = 'http://127.0.0.1:8081/api/v1';

/** The local backend's address: decap-server's default, or CMS_BACKEND_PORT on loopback. */
export function localBackendUrl(env: Env = process.env): string {
  const port = env['CMS_BACKEND_PORT'];
  return port !== undefined && /^\d{1,5}$/.test(port)
    ? `http://127.0.0.1:${port}/api/v1`
    : LOCAL_BACKEND_URL;
}

export interface CmsCollection {
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
  fields: CmsField[];
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

/** Collections whose entries need a route of their own in src/pages: editors change, never add. */
const FIXED_SET = new Set(['pages']);

/** Which name list a string field draws from, by field name, per collection. */
function namesFor(collection: string, names: ReturnType<typeof assetNames>): NameLists {
  return {
    icon: names.icons,
    image: collection === 'slides' ? names.slideImages : names.illustrations,
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

function collectionsOf(
  root: string,
  source: CollectionSource,
  assets: ReturnType<typeof assetNames>,
  schemaOf: SchemaSource,
): CmsCollection[] {
  const schema = schemaOf(source.name);
  const markdown = /\.\{?(md|mdx)/.test(source.pattern);
  const folder = source.base.replace(/^\.\//, '').replace(/\/$/, '');
  const entries = entriesOf(root, folder);
  const names = namesFor(source.name, assets);
  const properties = Object.keys(schema.properties ?? {});
  const identifier = properties.includes('title') ? 'title' : (properties[0] ?? 'title');
  const common = {
    extension: markdown ? (source.pattern.includes('mdx') ? 'mdx' : 'md') : 'yaml',
    // Registered by /cms/formats.js: saves that change only the edited values' lines.
    format: (markdown ? TIDY_FRONTMATTER : TIDY_YAML) as CmsCollection['format'],
    create: !FIXED_SET.has(source.name),
    delete: !FIXED_SET.has(source.name),
    slug: '{{slug}}',
    identifier_field: identifier,
    ...(properties.includes('order') && {
      summary: `{{order}}. {{${identifier}}}`,
      sortable_fields: ['order', identifier],
    }),
  };
  const body: CmsField[] = markdown
    ? [{ name: 'body', label: 'Body', widget: 'markdown', modes: ['raw'] }]
    : [];
  const fieldsWith = (fixed?: Record<string, string>) => [
    ...fieldsOf(schema, {
      names,
      recordKeys: (path) => keysAt(entries, path),
      ...(fixed && { fixed }),
    }),
    ...body,
  ];

  const split = splitField(schema, subfolders(root, folder));
  if (split === undefined) {
    return [
      { name: source.name, label: labelOf(source.name), folder, ...common, fields: fieldsWith() },
    ];
  }
  return subfolders(root, folder).map((value) => ({
    name: `${source.name}-${value}`,
    label: `${labelOf(source.name)}: ${value.replace(/-/g, ' ')}`,
    folder: `${folder}/${value}`,
    ...common,
    fields: fieldsWith({ [split]: value }),
  }));
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
    // No field takes an upload (images are picked by name), but Decap requires a media folder.
    media_folder: 'public/uploads',
    public_folder: '/uploads',
    collections: sources.flatMap((source) => collectionsOf(root, source, assets, schemaOf)),
  };
}
