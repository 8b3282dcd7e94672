/**
 * The CMS config generated from the content schemas (src/integrations/cms): every field of every
 * collection's JSON Schema (as `astro sync` writes it) has a CMS field with the widget its type
 * calls for, enums and names are selects of exactly the allowed values, and a schema field with
 * no CMS field is caught.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { beforeAll, describe, expect, it } from 'vitest';
import { iconNames, illustrationNames } from '../../src/content-schema/asset-names';
import { itemGroups, type ItemGroupName } from '../../src/content-schema/item-groups';
import {
  cmsConfig,
  fieldSets,
  LOCAL_BACKEND_URL,
  type CmsConfig,
} from '../../src/integrations/cms/config';
import type { CmsField, JsonSchema } from '../../src/integrations/cms/fields';
import {
  collectionSources,
  entryFiles,
  keysAt,
  pagesWithBody,
  readSchema,
} from '../../src/integrations/cms/sources';
import { FILE_NUMBER } from '../../src/integrations/cms/saving.js';
import { configYaml } from '../../src/integrations/cms/yaml';
import { DEFAULT_LOCALE, LOCALES } from '../../src/i18n/locales';

const root = join(import.meta.dirname, '../..');
const sources = () => collectionSources();

beforeAll(() => {
  // A fresh clone has no .astro/ until Astro syncs (every build does it first).
  if (!existsSync(join(root, '.astro/collections/pages.schema.json'))) {
    execFileSync(process.execPath, [join(root, 'node_modules/astro/bin/astro.mjs'), 'sync'], {
      cwd: root,
      env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' },
      stdio: 'ignore',
    });
  }
}, 120_000);

const sorted = (names: readonly string[]) => [...names].sort();
const slideImages = () =>
  readdirSync(join(root, 'src/assets/slides'))
    .filter((file) => file.endsWith('.jpg'))
    .map((file) => `/images/${file}`);

/**
 * What the schema says a field must be, checked independently of the generator's code. Below an
 * optional object nothing is required in the CMS (Decap would check a missing object's fields);
 * the items of a list follow their own schema again.
 */
function problemsOf(
  collection: string,
  schema: JsonSchema,
  fields: readonly CmsField[] | undefined,
  fixed: Readonly<Record<string, string>>,
  path = '',
  optionalParent = false,
): string[] {
  const required = new Set(optionalParent ? [] : (schema.required ?? []));
  return Object.entries(schema.properties ?? {})
    .filter(([name]) => name !== '$schema')
    .flatMap(([name, property]) => {
      const at = `${collection}: ${path}${name}`;
      const field = fields?.find((candidate) => candidate.name === name);
      if (field === undefined) return [`${at} has no CMS field`];
      const optional = !required.has(name);
      return [
        ...((field.required === false) === required.has(name)
          ? [`${at} is ${required.has(name) ? 'required' : 'optional'} in the schema`]
          : []),
        ...widgetProblems(
          at,
          collection,
          name,
          property,
          field,
          fixed,
          `${path}${name}.`,
          optional,
        ),
      ];
    });
}

/** Problems of one field, each starting with `at` (or with a nested field's own place). */
function widgetProblems(
  at: string,
  collection: string,
  name: string,
  schema: JsonSchema,
  field: CmsField,
  fixed: Readonly<Record<string, string>>,
  path: string,
  optional: boolean,
): string[] {
  const expectWidget = (...widgets: string[]) =>
    widgets.includes(field.widget)
      ? []
      : [`${at}: widget ${field.widget}, not ${widgets.join('/')}`];
  const expectOptions = (values: readonly string[]) =>
    JSON.stringify(sorted(field.options ?? [])) === JSON.stringify(sorted(values))
      ? []
      : [`${at}: options differ from the allowed values`];
  const fixedValue = fixed[path.slice(0, -1)];
  if (fixedValue !== undefined) {
    return field.widget === 'hidden' && field.default === fixedValue ? [] : [`${at}: not fixed`];
  }
  if (schema.enum) return [...expectWidget('select'), ...expectOptions(schema.enum.map(String))];
  switch (schema.type) {
    case 'string':
      if (name === 'icon') return [...expectWidget('icon'), ...expectOptions(iconNames)];
      // An uploaded photo: Decap's media library, uploads only (the build checks the file).
      if (name === 'src') {
        return field.widget === 'image' && field.choose_url === false
          ? []
          : [`${at}: not an upload-only image field`];
      }
      if (name === 'image') {
        return collection === 'slides'
          ? [...expectWidget('select'), ...expectOptions(slideImages())]
          : [...expectWidget('illustration'), ...expectOptions(illustrationNames)];
      }
      // A day (an opening's dates): Decap's date picker, saving YYYY-MM-DD and no time.
      if (schema.format === 'date-time') {
        return field.format === 'YYYY-MM-DD' && field.time_format === false
          ? expectWidget('datetime')
          : [`${at}: not a date field saving YYYY-MM-DD`];
      }
      return expectWidget('string', 'text');
    case 'integer':
      return [
        ...expectWidget('number'),
        ...(field.value_type === 'int' ? [] : [`${at}: not an int`]),
      ];
    case 'number':
      return expectWidget('number');
    case 'boolean':
      return expectWidget('boolean');
    case 'array': {
      const items = schema.items ?? {};
      const counts =
        field.min === schema.minItems && field.max === schema.maxItems
          ? []
          : [`${at}: item counts`];
      if (items.type === 'object') {
        return [
          ...expectWidget('list'),
          ...counts,
          ...problemsOf(collection, items, field.fields, fixed, path, false),
        ];
      }
      const item = field.field;
      return [
        ...expectWidget('list'),
        ...counts,
        ...(item
          ? widgetProblems(at, collection, 'item', items, item, fixed, path, false)
          : [`${at}: no item field`]),
      ];
    }
    case 'object':
      if (schema.properties) {
        return [
          ...expectWidget('object'),
          ...problemsOf(collection, schema, field.fields, fixed, path, optional),
        ];
      }
      return expectWidget('object');
    default:
      return [`${at}: type ${String(schema.type)} not checked`];
  }
}

/** The schema with only the named top-level properties. */
function only(schema: JsonSchema, keep: (name: string) => boolean): JsonSchema {
  const properties = Object.entries(schema.properties ?? {}).filter(([name]) => keep(name));
  return { ...schema, properties: Object.fromEntries(properties) };
}

/**
 * What an entry's CMS fields must cover: for a page, the schema's required fields and those its
 * file uses; for an item group, what item-groups.ts says its page shows.
 */
function schemaFor(collection: string, schema: JsonSchema, entry: string): JsonSchema {
  const group = itemGroups[entry.replace(/^items-/, '') as ItemGroupName];
  if (collection !== 'items' || group === undefined) return schema;
  const hidden = [group.media === 'image' ? 'icon' : 'image'];
  if (!group.infographic) hidden.push('infographic');
  return only(schema, (name) => !hidden.includes(name));
}

/** Every problem of `config` against the real schemas; the items' groups are one per folder. */
function problemsOfConfig(config: CmsConfig): string[] {
  return sources().flatMap(({ name }) => {
    const schema = readSchema(root, name);
    const collections = config.collections.filter(
      (collection) => collection.name === name || collection.name.startsWith(`${name}-`),
    );
    if (collections.length === 0) return [`${name} has no CMS collection`];
    return collections.flatMap((collection) => {
      const group = collection.name.slice(name.length + 1);
      return fieldSets(collection).flatMap((entry) =>
        problemsOf(name, schemaFor(name, schema, entry.name), entry.fields, group ? { group } : {}),
      );
    });
  });
}

/** The fields of the pages in the config: one set for every page (a folder collection). */
function pageFields(config: CmsConfig): CmsField[] {
  return config.collections.find((collection) => collection.name === 'pages')?.fields ?? [];
}

describe('the CMS config generated from the content schemas', () => {
  const config = () => cmsConfig(root, { CMS_GITHUB_REPO: 'acme/site', CMS_BRANCH: 'main' });

  it('has a CMS field with the right widget for every field of every collection', () => {
    expect(sources().map(({ name }) => name)).toEqual([
      'pages',
      'projects',
      'slides',
      'team',
      'serviceCards',
      'items',
      'openings',
    ]);
    expect(problemsOfConfig(config())).toEqual([]);
  });

  it('fails when a schema field has no CMS field', () => {
    const withoutTitle = cmsConfig(root, {}, (collection) => {
      const schema = structuredClone(readSchema(root, collection));
      if (collection === 'serviceCards') delete schema.properties?.['title'];
      if (collection === 'items') delete schema.properties?.['infographic']?.properties?.['lead'];
      return schema;
    });
    // Only the groups whose pages frame an infographic offer it.
    expect(problemsOfConfig(withoutTitle)).toEqual([
      'serviceCards: title has no CMS field',
      ...['eia', 'farming', 'generator', 'hospitality', 'renewable'].map(
        () => 'items: infographic.lead has no CMS field',
      ),
    ]);
  });

  it('makes an enum a select of exactly its values', () => {
    const cards = config().collections.find(({ name }) => name === 'serviceCards');
    const link = (cards ? fieldSets(cards)[0]?.fields : [])?.find(({ name }) => name === 'link');
    expect(link?.widget).toBe('select');
    expect(link?.options).toEqual(readSchema(root, 'serviceCards').properties?.['link']?.enum);
  });

  it('gives every icon field exactly the known Lucide icons', () => {
    const icons: CmsField[] = [];
    const walk = (fields: readonly CmsField[] = []) => {
      for (const field of fields) {
        if (field.name === 'icon') icons.push(field);
        walk(field.fields);
      }
    };
    for (const collection of config().collections) {
      for (const { fields } of fieldSets(collection)) walk(fields);
    }
    // Team and service cards; the two item groups shown with icons; the feature icons of the
    // five groups with infographics.
    expect(icons).toHaveLength(2 + 2 + 5);
    for (const icon of icons) expect(sorted(icon.options ?? [])).toEqual(sorted(iconNames));
  });

  it('keeps each items group in its folder, with the group fixed', () => {
    const groups = readSchema(root, 'items').properties?.['group']?.enum ?? [];
    const items = config().collections.filter(({ name }) => name.startsWith('items-'));
    expect(sorted(items.map((items) => ('folder' in items ? items.folder : '')))).toEqual(
      sorted(groups.map((group) => `content/items/${String(group)}`)),
    );
  });

  it('turns lengths into a pattern that counts as the build does: trimmed, never blank', () => {
    const description = pageFields(config()).find(({ name }) => name === 'description');
    const [source = '', message] = description?.pattern ?? [];
    const pattern = new RegExp(source);
    expect(message).toBe('Use 50 to 170 characters, not counting spaces at either end.');
    expect(description?.characters).toEqual({ min: 50, max: 170 });
    const accepts = (text: string) => pattern.test(text);
    expect(['x'.repeat(49), 'x'.repeat(171), ` ${'x'.repeat(49)} `].map(accepts)).toEqual([
      false,
      false,
      false,
    ]);
    expect(
      ['x'.repeat(50), `${'x'.repeat(100)}\n${'x'.repeat(69)}`, `  ${'x'.repeat(170)}\n`].map(
        accepts,
      ),
    ).toEqual([true, true, true]);
  });

  it('refuses blank and spaces-only text in every text field, as the content schemas do', () => {
    const texts: CmsField[] = [];
    const walk = (fields: readonly CmsField[] = []) => {
      for (const field of fields) {
        if (field.widget === 'string' || field.widget === 'text') texts.push(field);
        if (field.field) walk([field.field]);
        walk(field.fields);
      }
    };
    for (const collection of config().collections) {
      for (const { fields } of fieldSets(collection)) walk(fields);
    }
    expect(texts.length).toBeGreaterThan(80);
    for (const field of texts) {
      const pattern = new RegExp(field.pattern?.[0] ?? '^$');
      expect(
        [' ', '   \n ', '\t'].some((text) => pattern.test(text)),
        field.name,
      ).toBe(false);
      // Fields of a form of their own (a link's path) keep their pattern; the rest count length.
      if (field.pattern?.[1].startsWith('This is not')) continue;
      expect(pattern.test(` ${'x'.repeat(field.characters?.min ?? 1)} `), field.name).toBe(true);
    }
    const heading = pageFields(config())
      .find(({ name }) => name === 'hero')
      ?.fields?.find(({ name }) => name === 'title');
    expect(heading?.pattern?.[1]).toBe('Write something here: it cannot be blank or only spaces.');
    expect(heading?.characters).toBeUndefined();
  });

  it('offers the pages the sections their English files use', () => {
    const used = entryFiles(root, 'content/pages');
    const sections = pageFields(config()).find((field) => field.name === 'sections');
    const keys = keysAt(
      used.map(({ data }) => data),
      'sections',
    );
    expect(keys.length).toBeGreaterThan(5);
    expect(sections?.fields?.map((field) => field.name)).toEqual(keys);
    // Every one optional: a page offers only the sections it has.
    expect(sections?.fields?.every(({ required }) => required === false)).toBe(true);
  });

  it('lists each page once, by its English file, and no page is added or deleted', () => {
    const pages = config().collections.find(({ name }) => name === 'pages');
    expect(pages).toMatchObject({
      folder: 'content/pages',
      extension: 'mdx',
      create: false,
      delete: false,
      i18n: true,
    });
    expect(entryFiles(root, 'content/pages').map(({ file }) => file)).toEqual(
      readdirSync(join(root, 'content/pages/en'))
        .sort()
        .map((file) => `content/pages/en/${file}`),
    );
  });

  it('offers the body, optional, naming the pages whose route prints it', () => {
    const body = pageFields(config()).find((field) => field.name === 'body');
    expect(body).toMatchObject({ widget: 'markdown', modes: ['raw'], required: false });
    for (const name of ['about', 'careers', 'privacy-policy', 'terms-conditions']) {
      expect(body?.hint, name).toContain(name);
    }
    for (const name of ['home', 'renewable-energy', 'environmental-impact-assessment']) {
      expect(body?.hint, name).not.toContain(name);
    }
    // Every service page has an empty body: saving one without a body writes it unchanged.
    for (const { name, file } of entryFiles(root, 'content/pages')) {
      const body = readFileSync(join(root, file), 'utf8').split(/^---$/m)[2]?.trim() ?? '';
      if (!pagesWithBody(root).has(name)) expect(body, name).toBe('');
    }
  });

  it('offers an item the picture its page shows, and the infographic only where it is framed', () => {
    const byGroup = Object.fromEntries(
      config()
        .collections.filter(({ name }) => name.startsWith('items-'))
        .map((items) => [items.name.slice('items-'.length), fieldSets(items)[0]?.fields ?? []]),
    );
    const has = (group: string, name: string) => byGroup[group]?.some((f) => f.name === name);
    expect([has('eia', 'icon'), has('eia', 'image'), has('eia', 'infographic')]).toEqual([
      true,
      false,
      true,
    ]);
    expect([has('renewable', 'icon'), has('renewable', 'image')]).toEqual([false, true]);
    expect([has('corporate', 'image'), has('corporate', 'infographic')]).toEqual([true, false]);
    expect([has('farming-principles', 'icon'), has('farming-principles', 'image')]).toEqual([
      true,
      false,
    ]);
  });

  it('links each entry to its page on a deploy preview, where its address is its name', () => {
    const byName = Object.fromEntries(config().collections.map((c) => [c.name, c]));
    const path = (name: string) => {
      const collection = byName[name];
      return collection && 'preview_path' in collection ? collection.preview_path : undefined;
    };
    expect(path('items-eia')).toBe('services/environmental-impact-assessment');
    expect(path('items-renewable')).toBe('renewable-energy');
    expect(path('projects')).toBe('projects/{{slug}}');
    expect(path('openings')).toBe('careers/{{slug}}');
    expect(path('team')).toBeUndefined();
    // A page's address is its route's (home is /, the EIA page is under /services/).
    expect(path('pages')).toBeUndefined();
  });

  it('names collections and entries as an editor does', () => {
    const labels = Object.fromEntries(config().collections.map((c) => [c.name, c]));
    expect(labels['items-eia']?.label).toBe('EIA cards');
    expect(labels['items-generator']?.label).toBe('Generator topics');
    expect(Object.values(labels).filter(({ label }) => label.startsWith('Items'))).toEqual([]);
    const team = labels['team'];
    expect(team && 'summary' in team && team.summary).toBe('{{order}}. {{name}}');
    expect(team && 'identifier_field' in team && team.identifier_field).toBe('name');
  });

  it('names new files NN-slug where entries have a position, by slug elsewhere', () => {
    const slugs = Object.fromEntries(
      config().collections.flatMap((c) => ('folder' in c ? [[c.name, c.slug]] : [])),
    );
    expect(slugs['team']).toBe(`{{fields.${FILE_NUMBER}}}-{{slug}}`);
    expect(slugs['items-eia']).toBe(`{{fields.${FILE_NUMBER}}}-{{slug}}`);
    expect(slugs['projects']).toBe('{{slug}}');
  });

  it("asks for an optional object's required fields once the rest of it is filled in", () => {
    const projects = config().collections.find(({ name }) => name === 'projects');
    const hero = projects && 'fields' in projects ? projects.fields : [];
    const photo = hero.find(({ name }) => name === 'hero')?.fields?.find((f) => f.name === 'photo');
    const within = { path: 'hero.photo', label: 'Photo' };
    expect(
      photo?.fields?.map(({ name, required, required_with }) => [name, required, required_with]),
    ).toEqual([
      ['src', false, within],
      ['alt', false, within],
    ]);
    // Not inside a list's items: they have no fixed place in the data (and are required anyway).
    const inLists: string[] = [];
    const walk = (fields: readonly CmsField[], inList: boolean) => {
      for (const field of fields) {
        if (inList && field.required_with) inLists.push(field.name);
        const below = field.widget === 'list' || inList;
        walk([...(field.fields ?? []), ...(field.field ? [field.field] : [])], below);
      }
    };
    for (const collection of config().collections) walk(collection.fields, false);
    expect(inLists).toEqual([]);
  });

  it('edits MDX pages and projects with their body as raw Markdown, YAML as YAML', () => {
    for (const collection of config().collections) {
      const markdown = ['pages', 'projects', 'openings'].includes(collection.name);
      expect(collection.format, collection.name).toBe(markdown ? 'tidy-frontmatter' : 'tidy-yaml');
      expect(collection.extension, collection.name).toBe(markdown ? 'mdx' : 'yaml');
      const body = collection.fields.find(({ name }) => name === 'body');
      expect(body?.modes ?? null, collection.name).toEqual(markdown ? ['raw'] : null);
    }
  });

  it('uses GitHub with the editorial workflow, repository and branch from the environment', () => {
    const { backend, publish_mode, local_backend } = cmsConfig(root, {
      CMS_GITHUB_REPO: 'acme/site',
      CMS_BRANCH: 'production',
    });
    expect(backend).toMatchObject({ name: 'github', repo: 'acme/site', branch: 'production' });
    expect(publish_mode).toBe('editorial_workflow');
    expect(local_backend).toEqual({ url: LOCAL_BACKEND_URL });
    expect(new URL(LOCAL_BACKEND_URL).hostname).toBe('127.0.0.1');
  });

  it("gives every field the schema's description as its hint, and terse names a label", () => {
    const missing: string[] = [];
    const walk = (schema: JsonSchema, fields: readonly CmsField[] | undefined, at: string) => {
      for (const [name, property] of Object.entries(schema.properties ?? {})) {
        if (name === '$schema') continue;
        const field = fields?.find((candidate) => candidate.name === name);
        if (property.description !== undefined && field?.hint !== property.description) {
          missing.push(`${at}.${name}`);
        }
        const items = property.items;
        if (items?.properties !== undefined) walk(items, field?.fields, `${at}.${name}`);
        if (property.properties !== undefined) walk(property, field?.fields, `${at}.${name}`);
      }
    };
    let described = 0;
    for (const collection of config().collections) {
      const name = collection.name.replace(/-.*$/, '');
      const schema = readSchema(root, name);
      for (const entry of fieldSets(collection)) {
        walk(schemaFor(name, schema, entry.name), entry.fields, entry.name);
      }
      described += Object.values(schema.properties ?? {}).filter((p) => p.description).length;
    }
    expect(missing).toEqual([]);
    expect(described).toBeGreaterThan(30);

    const description = pageFields(config()).find(({ name }) => name === 'description');
    expect(description?.hint).toMatch(/search results.*50 to 170 characters/);
    const hero = pageFields(config()).find(({ name }) => name === 'hero');
    expect(hero?.fields?.find(({ name }) => name === 'buttonHref')).toMatchObject({
      label: 'Button link',
      hint: expect.stringContaining('Page the hero button opens'),
    });
  });

  it('points the local backend at CMS_BACKEND_PORT on loopback, nothing else', () => {
    expect(cmsConfig(root, { CMS_BACKEND_PORT: '9123' }).local_backend.url).toBe(
      'http://127.0.0.1:9123/api/v1',
    );
    expect(cmsConfig(root, { CMS_BACKEND_PORT: 'evil.example:80' }).local_backend.url).toBe(
      LOCAL_BACKEND_URL,
    );
  });

  it('writes YAML that reads back as the same config, the icon list once', () => {
    const yaml = configYaml(config());
    expect(parse(yaml, { maxAliasCount: -1 })).toEqual(JSON.parse(JSON.stringify(config())));
    expect(yaml.split('\n').filter((line) => /^\s+- a-arrow-down$/.test(line))).toHaveLength(1);
  });
});

describe('the languages in the CMS (Decap i18n, multiple_folders)', () => {
  const config = () => cmsConfig(root, { CMS_GITHUB_REPO: 'acme/site', CMS_BRANCH: 'main' });
  /** Every field at every depth, with its dotted path. */
  const flat = (fields: readonly CmsField[], at = ''): [string, CmsField][] =>
    fields.flatMap((field) => {
      const path = at ? `${at}.${field.name}` : field.name;
      return [
        [path, field] as [string, CmsField],
        ...flat(field.fields ?? [], path),
        ...(field.field ? flat([field.field], path) : []),
      ];
    });

  it('gives the config the languages of src/i18n/locales.ts, English the default', () => {
    expect(config().i18n).toEqual({
      structure: 'multiple_folders',
      locales: [...LOCALES],
      default_locale: DEFAULT_LOCALE,
    });
    expect(LOCALES).toEqual(['en', 'ml', 'ar']);
    const yaml = parse(configYaml(config())) as { i18n: unknown; collections: { i18n: unknown }[] };
    expect(yaml.i18n).toEqual(config().i18n);
    expect(yaml.collections.every(({ i18n }) => i18n === true)).toBe(true);
  });

  it('translates every collection, pages included, each entry listed once by its English file', () => {
    const names = config().collections.map(({ name }) => name);
    expect(names).toEqual(expect.arrayContaining(['pages', 'projects', 'slides', 'team']));
    for (const collection of config().collections) {
      expect(collection.i18n, collection.name).toBe(true);
      expect(collection.folder, collection.name).not.toMatch(/\/(en|ml|ar)(\/|$)/);
      expect(existsSync(join(root, collection.folder, DEFAULT_LOCALE)), collection.name).toBe(true);
    }
  });

  it('gives every field, at every depth, what each language holds', () => {
    const duplicated = new Set<string>();
    for (const collection of config().collections) {
      for (const [path, field] of flat(collection.fields)) {
        // Decap's list and object schemas take a boolean: `true` is `translate` for them.
        const expected = ['list', 'object'].includes(field.widget)
          ? true
          : expect.stringMatching(/^(translate|duplicate)$/);
        expect(field.i18n, `${collection.name}: ${path}`).toEqual(expected);
        if (field.i18n === 'duplicate') duplicated.add(path.replace(/^.*\./, ''));
      }
    }
    expect([...duplicated].sort()).toEqual(
      [
        'buttonHref',
        'group',
        'icon',
        'image',
        'link',
        'order',
        // An opening's facts: its dates, type, country and pay are one job's in every language.
        'closes',
        'posted',
        'type',
        'country',
        'currency',
        'per',
        'min',
        'max',
      ].sort(),
    );
    const byPath = (name: string) =>
      new Map(flat(fieldSets(config().collections.find((c) => c.name === name)!)[0]?.fields ?? []));
    const pages = byPath('pages');
    for (const path of [
      'title',
      'description',
      'keywords.item',
      'hero.title',
      'hero.photo.alt',
      // A photo is each language's own, with its description (i18n.ts).
      'hero.photo.src',
      'closing.heading',
      'sections.services.heading',
      'body',
    ]) {
      expect(pages.get(path)?.i18n, path).toBe('translate');
    }
    for (const path of ['keywords', 'hero', 'hero.photo', 'intro', 'closing', 'sections']) {
      expect(pages.get(path)?.i18n, path).toBe(true);
    }
    for (const path of ['hero.image', 'hero.buttonHref']) {
      expect(pages.get(path)?.i18n, path).toBe('duplicate');
    }
    const eia = byPath('items-eia');
    expect(eia.get('group')).toMatchObject({ widget: 'hidden', i18n: 'duplicate' });
    expect(eia.get('infographic.features.title')?.i18n).toBe('translate');
    expect(eia.get('infographic.features.icon')?.i18n).toBe('duplicate');
    expect(byPath('slides').get('alt')?.i18n).toBe('translate');
    expect(byPath('serviceCards').get('link')?.i18n).toBe('duplicate');
  });

  it('offers the translation status as a select in every column, English leaving it empty', () => {
    for (const collection of config().collections) {
      const status = collection.fields.find(({ name }) => name === 'translation');
      expect(status, collection.name).toMatchObject({
        widget: 'select',
        options: ['draft', 'reviewed'],
        required: false,
        i18n: 'translate',
        hint: expect.stringContaining('English leaves it empty'),
      });
    }
    // The English files carry no status, the translations one.
    for (const { file, data } of entryFiles(root, 'content')) {
      expect('translation' in data, file).toBe(false);
    }
    const ml = readFileSync(join(root, 'content/pages/ml/about.mdx'), 'utf8');
    expect(ml).toMatch(/^translation: (draft|reviewed)$/m);
  });
});
