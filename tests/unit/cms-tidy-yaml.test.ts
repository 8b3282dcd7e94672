/**
 * Tidy saves (src/integrations/cms/tidy-yaml.ts): a CMS save changes the lines of the values the editor
 * changed and nothing else, over every file of content/.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, sep } from 'node:path';
import { fromJS, type Map as ImmutableMap } from 'immutable';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import {
  FILE_NUMBER,
  NEW_ENTRY,
  markedNew,
  noteSavingNewEntry,
  registerSaving,
  savingNewEntry,
} from '../../src/integrations/cms/saving.js';
import { frontmatterFormat, updateYaml, yamlFormat } from '../../src/integrations/cms/tidy-yaml';

const root = join(import.meta.dirname, '../..');
const files = readdirSync(join(root, 'content'), { recursive: true, encoding: 'utf8' })
  .filter((file) => /\.(ya?ml|mdx?)$/.test(file))
  .map((file) => `content/${file.split(sep).join('/')}`)
  .sort();

/** Lines of `after` that are not in `before`, and the reverse (a line-set diff). */
function changed(before: string, after: string): number {
  const a = before.split('\n');
  const b = after.split('\n');
  return (
    a.filter((line) => !b.includes(line)).length + b.filter((line) => !a.includes(line)).length
  );
}

/** Every string leaf's path in `value`. */
function stringPaths(value: unknown, path: (string | number)[] = []): (string | number)[][] {
  if (typeof value === 'string') return [path];
  if (Array.isArray(value))
    return value.flatMap((item, index) => stringPaths(item, [...path, index]));
  if (typeof value === 'object' && value !== null) {
    return Object.entries(value).flatMap(([key, item]) => stringPaths(item, [...path, key]));
  }
  return [];
}

function setIn(value: unknown, path: (string | number)[], leaf: unknown): unknown {
  const copy = structuredClone(value) as Record<string | number, unknown>;
  let at = copy;
  path.slice(0, -1).forEach((key) => (at = at[key] as Record<string | number, unknown>));
  at[path.at(-1) ?? ''] = leaf;
  return copy;
}

const ITEM = readFileSync(join(root, 'content/items/eia/en/01-energy-efficiency.yaml'), 'utf8');

describe('tidy CMS saves', () => {
  it('a one-field save of an item changes that one line, and the folded paragraph stays', () => {
    const format = yamlFormat();
    const data = format.fromFile(ITEM);
    const saved = format.toFile({ ...data, title: 'Energy Efficiency Audits' });
    expect(saved).toBe(
      ITEM.replace('title: Energy Efficiency\n', 'title: Energy Efficiency Audits\n'),
    );
  });

  it('keeps quotes, and a changed folded paragraph stays a folded block', () => {
    const text = "a: '24/7'\nb: >-\n  one two\n  three\nc: plain # note\n";
    expect(updateYaml(text, { a: '24/7', b: 'one two three', c: 'other' })).toBe(
      "a: '24/7'\nb: >-\n  one two\n  three\nc: other # note\n",
    );
    const long = 'word '.repeat(30).trim();
    const saved = updateYaml(text, { a: '24/7 support', b: long, c: 'plain' });
    expect(saved).toMatch(/^a: '24\/7 support'\nb: >-\n {2}word/);
    expect(saved.split('\n').every((line) => line.length <= 100)).toBe(true);
    expect(parse(saved)).toEqual({ a: '24/7 support', b: long, c: 'plain' });
  });

  it('changing any one string of any content file rewrites only its own lines', () => {
    let edits = 0;
    for (const file of files) {
      const text = readFileSync(join(root, file), 'utf8');
      const yaml = file.endsWith('.mdx') ? (/^---\n([\s\S]*?\n)---\n/.exec(text)?.[1] ?? '') : text;
      const data = parse(yaml) as unknown;
      for (const path of stringPaths(data)) {
        const next = setIn(data, path, 'Changed: a value, with "quotes" and # signs');
        const saved = updateYaml(yaml, next);
        expect(parse(saved), `${file} ${path.join('.')}`).toEqual(next);
        const before = String(path.reduce<unknown>((at, key) => (at as never)[key], data));
        const lines = before.length > 90 ? 20 : 2;
        expect(changed(yaml, saved), `${file} ${path.join('.')}`).toBeLessThanOrEqual(lines);
        edits += 1;
      }
    }
    expect(edits).toBeGreaterThan(500);
  });

  it('adding a list item re-serialises but keeps the folded blocks and the values', () => {
    const format = yamlFormat();
    const data = format.fromFile(ITEM) as { infographic: { stats: unknown[] } };
    const stats = [...data.infographic.stats, { value: 'New', label: 'A new stat' }];
    const next = { ...data, infographic: { ...data.infographic, stats } };
    const saved = format.toFile(next);
    expect(parse(saved)).toEqual(next);
    expect(saved).toContain('description: >-\n');
  });

  it('front matter: the body comes back byte-identical and only the changed line differs', () => {
    const page = readFileSync(join(root, 'content/pages/en/about.mdx'), 'utf8');
    const format = frontmatterFormat();
    const data = format.fromFile(page);
    const saved = format.toFile({ ...data, description: 'A new description of the company.' });
    expect(saved.slice(saved.indexOf('\n---\n'))).toBe(page.slice(page.indexOf('\n---\n')));
    expect(changed(page, saved)).toBe(2);
  });
});

describe('a language with nothing translated', () => {
  it('is written as no file: Decap copies positions and icons to a new entry’s languages', () => {
    expect(yamlFormat().toFile({ order: 7, icon: 'sprout', _file_number: '07' })).toBe('');
    expect(frontmatterFormat().toFile({ order: 5, hero: { image: 'x' }, body: '' })).toBe('');
    expect(yamlFormat().toFile({ order: 7, name: 'മീര നായർ', icon: 'sprout' })).toContain('name:');
  });
});

describe('a new entry', () => {
  const other =
    '# A note kept in this file only\ngroup: eia\norder: 1\ntitle: Alpha\ndescription: >-\n  Alpha, folded\n  over two lines.\n';
  const fresh = { group: 'eia', order: 2, title: 'Beta', description: 'Beta' };

  it('is never written over another file’s remembered text, whatever values they share', () => {
    for (const mark of [{ _new_entry: true }, { _file_number: '02' }]) {
      const format = yamlFormat();
      format.fromFile(other);
      const saved = format.toFile({ ...fresh, ...mark });
      expect(saved).not.toContain('A note kept in this file only');
      expect(saved).toBe('group: eia\norder: 2\ntitle: Beta\ndescription: Beta\n');
    }
    const pages = frontmatterFormat();
    pages.fromFile('---\n# Only this page\ntitle: Alpha\nlayout: x\n---\nbody\n');
    const page = pages.toFile({ title: 'New', layout: 'x', body: 'new', _new_entry: true });
    expect(page).toBe('---\ntitle: New\nlayout: x\n---\nnew');
  });

  it('an edit of a file read still starts from its text', () => {
    const format = yamlFormat();
    format.fromFile(other);
    expect(format.toFile({ ...format.fromFile(other), title: 'Alpha two' })).toContain(
      '# A note kept in this file only',
    );
  });

  it('is marked new by the save and numbered where entries have a position', () => {
    const entry = fromJS({
      newRecord: true,
      collection: 'items-eia',
      data: { order: 7, title: 'B' },
    });
    const data = markedNew(entry, new Set(['items-eia']));
    expect(data.get(NEW_ENTRY)).toBe(true);
    expect(data.get(FILE_NUMBER)).toBe('07');
    const page = markedNew(
      fromJS({ newRecord: true, collection: 'pages', data: { order: 1 } }),
      new Set(),
    );
    expect(page.get(FILE_NUMBER)).toBeUndefined();
    expect(page.get(NEW_ENTRY)).toBe(true);
  });

  it('its other languages’ files, which carry no mark, are written fresh while its save runs', () => {
    const format = yamlFormat();
    format.fromFile(other);
    try {
      noteSavingNewEntry(true);
      expect(format.toFile(fresh)).not.toContain('A note kept in this file only');
    } finally {
      noteSavingNewEntry(false);
    }
    expect(format.toFile(fresh)).toContain('A note kept in this file only');
  });

  it('the save says whether it is of a new entry, and its end clears it', async () => {
    const handlers = new Map<string, (event: { entry: unknown }) => unknown>();
    registerSaving(
      {
        registerEventListener: ({ name, handler }: { name: string; handler: never }) =>
          handlers.set(name, handler),
      },
      { branch: 'main' },
      ['items-eia'],
    );
    const entry = fromJS({
      newRecord: true,
      collection: 'items-eia',
      data: { order: 3, title: 'B' },
    }) as ImmutableMap<string, unknown>;
    const data = (await handlers.get('preSave')!({ entry })) as ReturnType<typeof markedNew>;
    expect(data.get(NEW_ENTRY)).toBe(true);
    expect(data.get(FILE_NUMBER)).toBe('03');
    expect(savingNewEntry()).toBe(true);
    await handlers.get('postSave')!({ entry });
    expect(savingNewEntry()).toBe(false);
    await handlers.get('preSave')!({ entry: entry.set('newRecord', false) });
    expect(savingNewEntry()).toBe(false);
  });
});
