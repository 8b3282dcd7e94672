/**
 * What the CMS config is generated from, read without Vite so that the build (an Astro
 * integration, outside Vite) and the unit tests read the same: each collection's folder and
 * pattern (src/content-schema/collections.ts, which src/content.config.ts makes its loaders from),
 * its JSON Schema in .astro/collections/ (written by `astro sync`, which every `astro build` runs
 * first) and the entries it holds. The names an icon, illustration or slide image may take come
 * from src/content-schema/asset-names.ts, as the content schemas' do.
 * Every language has a folder of its own, directly holding its files (content/pages/en/about.mdx,
 * content/items/eia/ml/01-x.yaml; src/content-schema/entry-ids.ts): the CMS lists an entry once,
 * by its English file, and Decap's i18n (`multiple_folders`) finds the other languages' files.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join, sep } from 'node:path';
import { parse } from 'yaml';
import { collectionFolders, type CollectionFolder } from '../../content-schema/collections.ts';
import { routeOf } from '../../content-schema/routes.ts';
import { DEFAULT_LOCALE, isLocale } from '../../i18n/locales.ts';
import type { JsonSchema } from './fields.ts';

/** A collection as src/content.config.ts declares it. */
export interface CollectionSource extends CollectionFolder {
  name: string;
}

/** The collections of content.config.ts, in its order. */
export function collectionSources(): CollectionSource[] {
  return Object.entries(collectionFolders).map(([name, { pattern, base }]) => ({
    name,
    pattern,
    base,
  }));
}

export function readSchema(root: string, collection: string): JsonSchema {
  const file = join(root, '.astro/collections', `${collection}.schema.json`);
  if (!existsSync(file)) throw new Error(`${file} is missing: run \`npx astro sync\``);
  return JSON.parse(readFileSync(file, 'utf8')) as JsonSchema;
}

/** Data of an entry: a YAML file, or the front matter of a Markdown/MDX file. */
export function entryData(text: string, file: string): unknown {
  if (file.endsWith('.yaml') || file.endsWith('.yml')) return parse(text);
  const match = /^---\r?\n([\s\S]*?)\r?\n---/.exec(text);
  return match?.[1] === undefined ? {} : parse(match[1]);
}

/** An English entry of a collection folder: name (without extension), path and data. */
export interface EntryFile {
  name: string;
  /** Its path from the project's root, e.g. `content/pages/en/about.mdx`. */
  file: string;
  data: object;
}

/**
 * The English entries of a collection folder (any depth): the files of its `en` folders
 * (content/pages/en/about.mdx, content/items/eia/en/01-x.yaml), the ones the CMS lists.
 */
export function entryFiles(root: string, base: string): EntryFile[] {
  return readdirSync(join(root, base), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.(ya?ml|mdx?)$/.test(file) && basename(dirname(file)) === DEFAULT_LOCALE)
    .sort()
    .map((file) => {
      const data = entryData(readFileSync(join(root, base, file), 'utf8'), file);
      return {
        name: basename(file).replace(/\.[^.]+$/, ''),
        file: `${base}/${file.split(sep).join('/')}`,
        data: typeof data === 'object' && data !== null ? data : {},
      };
    });
}

/** The data of every English entry of a collection folder (any depth). */
export function entriesOf(root: string, base: string): unknown[] {
  return entryFiles(root, base).map(({ data }) => data);
}

/** Layouts that render their page's Markdown body (src/layouts), by the `id` they are given. */
const BODY_LAYOUTS = ['ProsePage', 'LegalPage'];
/** Every layout a page route hands its content/pages `id` to. */
const PAGE_LAYOUTS = [...BODY_LAYOUTS, 'PageLayout'];

/** A page route's layout and the `id` it is given, e.g. `<ProsePage id="about" …/>`. */
interface PageRoute {
  id: string;
  route: string;
  layout: string;
}

/** The routes of src/pages that show a page of content/pages, found by the layout they use. */
export function pageRoutes(root: string): PageRoute[] {
  const tag = new RegExp(`<(${PAGE_LAYOUTS.join('|')})\\b[^>]*?\\bid="([\\w-]+)"`, 'g');
  const folder = join(root, 'src/pages');
  const routes: PageRoute[] = [];
  for (const file of readdirSync(folder, { recursive: true, encoding: 'utf8' }).sort()) {
    if (!file.endsWith('.astro') || file.includes('[')) continue;
    const source = readFileSync(join(folder, file), 'utf8');
    for (const [, layout = '', id = ''] of source.matchAll(tag)) {
      routes.push({ id, route: routeOf(file.split(sep).join('/')), layout });
    }
  }
  return routes;
}

/** The pages whose route renders their body (a layout of BODY_LAYOUTS). */
export function pagesWithBody(root: string): Set<string> {
  return new Set(
    pageRoutes(root)
      .filter(({ layout }) => BODY_LAYOUTS.includes(layout))
      .map(({ id }) => id),
  );
}

/** Sub-folders of a collection folder other than its languages' (the items' groups). */
export function subfolders(root: string, base: string): string[] {
  return readdirSync(join(root, base), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !isLocale(entry.name))
    .map((entry) => entry.name)
    .sort();
}

/** The keys entries use at a dotted path, e.g. `sections` → `services`, `team`, … */
export function keysAt(entries: readonly unknown[], path: string): string[] {
  const keys = new Set<string>();
  for (const entry of entries) {
    let value: unknown = entry;
    for (const part of path.split('.')) {
      value = typeof value === 'object' && value !== null ? Reflect.get(value, part) : undefined;
    }
    if (typeof value === 'object' && value !== null) {
      for (const key of Object.keys(value)) keys.add(key);
    }
  }
  return [...keys].sort();
}
