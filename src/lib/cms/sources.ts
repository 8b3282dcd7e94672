/**
 * What the CMS config is generated from, read from disk so that the build (an Astro integration,
 * outside Vite) and the unit tests read the same: each collection's glob loader in
 * src/content.config.ts, its JSON Schema in .astro/collections/ (written by `astro sync`, which
 * every `astro build` runs first), the entries it holds, and the names an icon, illustration or
 * slide image may take (the lists src/lib/icons.ts and src/lib/illustrations.ts build with Vite).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import type { JsonSchema } from './fields.ts';

/** A collection as src/content.config.ts declares it. */
export interface CollectionSource {
  name: string;
  /** Folder under the project, e.g. `./content/items`. */
  base: string;
  /** The glob loader's pattern, e.g. `**\/*.yaml`. */
  pattern: string;
}

const DEFINITION =
  /const (\w+) = defineCollection\(\{\s*loader: glob\(\{\s*pattern: '([^']+)',\s*base: '([^']+)'\s*\}\)/g;
const EXPORTED = /export const collections = \{([^}]*)\}/;

/**
 * The exported collections of content.config.ts, in its order. Only glob loaders are known to
 * the CMS; an exported collection of another kind fails here rather than go missing from it.
 */
export function collectionSources(configSource: string): CollectionSource[] {
  const loaders = new Map<string, { pattern: string; base: string }>();
  for (const [, variable, pattern, base] of configSource.matchAll(DEFINITION)) {
    if (variable && pattern && base) loaders.set(variable, { pattern, base });
  }
  const exported = EXPORTED.exec(configSource)?.[1];
  if (exported === undefined) throw new Error('content.config.ts exports no `collections`');
  return exported
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => {
      const [name = '', variable = name] = entry.split(':').map((part) => part.trim());
      const loader = loaders.get(variable);
      if (loader === undefined) {
        throw new Error(`collection "${name}": the CMS knows only glob() loaders with a base`);
      }
      return { name, ...loader };
    });
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

/** Every entry of a collection folder (any depth), as parsed data. */
export function entriesOf(root: string, base: string): unknown[] {
  const folder = join(root, base);
  return readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.(ya?ml|mdx?)$/.test(file))
    .map((file) => entryData(readFileSync(join(folder, file), 'utf8'), file));
}

/** Sub-folders of a collection folder (the items' groups). */
export function subfolders(root: string, base: string): string[] {
  return readdirSync(join(root, base), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
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

function fileNames(folder: string, extension: string): string[] {
  return readdirSync(folder)
    .filter((file) => file.endsWith(extension))
    .sort();
}

/** Names a content field may take, as the content schema checks them. */
export function assetNames(root: string) {
  const icons = fileNames(join(root, 'node_modules/lucide-static/icons'), '.svg');
  const illustrations = fileNames(join(root, 'src/assets/illustrations'), '.svg');
  const slides = fileNames(join(root, 'src/assets/slides'), '.jpg');
  return {
    icons: icons.map((file) => file.slice(0, -'.svg'.length)),
    illustrations: illustrations.map((file) => file.slice(0, -'.svg'.length)),
    slideImages: slides.map((file) => `/images/${file}`),
  };
}
