/**
 * Tidy saves: Decap's own YAML writer re-serialises a whole file at 80 columns,
 * so a one-line edit rewrapped every folded paragraph (`>-` blocks became plain scalars) and
 * unquoted `'24/7'`. These formats keep the file's text and change only what the editor changed:
 * `fromFile` remembers each file's text as it was read; `toFile` (which Decap calls with the data
 * only, not the path) takes the remembered text whose values match the saved data best and
 * replaces, in place, the source text of each scalar whose value changed, in that scalar's own
 * style (a folded block stays a folded block at the project's 100 columns, a quoted string stays
 * quoted). Only a change of structure (a key or list item added or removed) re-serialises, and then
 * through the `yaml` Document, which still keeps comments, quoting and block styles. A new entry
 * (saving.js marks its data `NEW_ENTRY` or `FILE_NUMBER`, and says `savingNewEntry` for its
 * other languages' files) is always written fresh, never over another file's remembered text
 * (its comments and styles are that file's).
 * `frontmatter` does the same for the YAML between the `---` lines of a Markdown/MDX file and
 * keeps the body exactly as it is. Neither writes those two marks.
 * Bundled into /cms/formats.js (src/integrations/cms.ts): no CDN.
 */
import { Document, isMap, isScalar, isSeq, parseDocument, Scalar, type Node } from 'yaml';
import { SAME_IN_EVERY_LANGUAGE } from './i18n.ts';
import { FILE_NUMBER, NEW_ENTRY, savingNewEntry } from './saving.js';

/** The project's Prettier printWidth: where new text in a folded block is wrapped. */
const WIDTH = 100;

type Data = Record<string, unknown>;

interface Remembered {
  text: string;
  data: unknown;
}

const isObject = (value: unknown): value is Data =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function equal(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** How many leaf values of `b` equal `a`'s at the same place (to find a save's original). */
function likeness(a: unknown, b: unknown): number {
  if (isObject(a) && isObject(b)) {
    return Object.keys(b).reduce((sum, key) => sum + likeness(a[key], b[key]), 0);
  }
  if (Array.isArray(a) && Array.isArray(b)) {
    return b.reduce<number>((sum, item, index) => sum + likeness(a[index], item), 0);
  }
  return equal(a, b) ? 1 : 0;
}

interface Edit {
  from: number;
  to: number;
  text: string;
}

class Restructure extends Error {}

/** The new source of a block scalar, indented as the old one was; ends with a newline. */
function blockScalar(old: string, scalar: Scalar, value: string): string {
  const indent = /\n( +)\S/.exec(old)?.[1] ?? '  ';
  const fresh = new Scalar(value);
  if (scalar.type !== undefined) fresh.type = scalar.type;
  const rendered = new Document({ x: fresh }).toString({ lineWidth: WIDTH - indent.length + 2 });
  return rendered.slice('x: '.length).replace(/\n {2}/g, `\n${indent}`);
}

/** The new source of a flow scalar (plain or quoted) on one line, in its old style if it can. */
function flowScalar(scalar: Scalar, value: unknown): string {
  const fresh = new Scalar(value);
  if (typeof value === 'string' && scalar.type !== undefined) fresh.type = scalar.type;
  const rendered = new Document(fresh).toString({ lineWidth: 0 }).replace(/\n$/, '');
  if (rendered.includes('\n')) throw new Restructure();
  return rendered;
}

/** The in-place edits turning `node` (parsed from `text`) into `value`. */
function editsOf(text: string, node: unknown, value: unknown, edits: Edit[]): void {
  const current = (node as Node | null)?.toJSON?.() as unknown;
  if (equal(current, value)) return;
  if (isScalar(node) && (value === null || typeof value !== 'object')) {
    const [from, to] = node.range ?? [0, 0];
    const old = text.slice(from, to);
    const block = node.type === 'BLOCK_FOLDED' || node.type === 'BLOCK_LITERAL';
    edits.push({
      from,
      to,
      text:
        block && typeof value === 'string'
          ? blockScalar(old, node, value)
          : flowScalar(node, value),
    });
    return;
  }
  if (isMap(node) && isObject(value)) {
    const keys = node.items.map((pair) => (isScalar(pair.key) ? String(pair.key.value) : ''));
    const wanted = Object.keys(value).filter((key) => value[key] !== undefined);
    if (keys.length !== wanted.length || !wanted.every((key) => keys.includes(key))) {
      throw new Restructure();
    }
    node.items.forEach((pair, index) => editsOf(text, pair.value, value[keys[index] ?? ''], edits));
    return;
  }
  if (isSeq(node) && Array.isArray(value) && node.items.length === value.length) {
    node.items.forEach((item, index) => editsOf(text, item, value[index], edits));
    return;
  }
  throw new Restructure();
}

/** `node` changed to `value`, keeping the nodes (and their styles) of what stays. */
function merged(doc: Document, node: unknown, value: unknown): Node {
  if (isScalar(node) && (value === null || typeof value !== 'object')) {
    if (node.value !== value) node.value = value;
    return node;
  }
  if (isMap(node) && isObject(value)) {
    const keys = Object.keys(value).filter((key) => value[key] !== undefined);
    node.items = node.items.filter(
      (pair) => isScalar(pair.key) && keys.includes(String(pair.key.value)),
    );
    for (const key of keys) {
      const pair = node.items.find((item) => isScalar(item.key) && item.key.value === key);
      if (pair === undefined) node.set(key, doc.createNode(value[key]));
      else pair.value = merged(doc, pair.value, value[key]);
    }
    return node;
  }
  if (isSeq(node) && Array.isArray(value)) {
    node.items = value.map((item, index) => merged(doc, node.items[index], item));
    return node;
  }
  return doc.createNode(value);
}

/** `text` with its values changed to `data`, touching as little of the text as it can. */
export function updateYaml(text: string, data: unknown): string {
  const doc = parseDocument(text);
  try {
    const edits: Edit[] = [];
    editsOf(text, doc.contents, data, edits);
    return edits
      .sort((a, b) => b.from - a.from)
      .reduce((out, edit) => out.slice(0, edit.from) + edit.text + out.slice(edit.to), text);
  } catch (error) {
    if (!(error instanceof Restructure)) throw error;
    // A key or item added or removed: the Document keeps styles and comments of what stays.
    const next = doc.clone();
    next.contents = merged(next, next.contents, data) as typeof next.contents;
    return next.toString({ lineWidth: WIDTH });
  }
}

function freshYaml(data: unknown): string {
  return new Document(data).toString({ lineWidth: WIDTH });
}

/**
 * Whether `value` holds a word of its own: a non-empty string outside the fields that are the
 * same in every language. Decap gives a new entry's other languages the English positions,
 * icons and links as soon as they are set; such a language has nothing translated, and writing
 * it would make a file the build refuses (its title missing). The formats write nothing for it
 * (an empty text), which Decap takes as "no file in this language".
 */
export function hasWords(value: unknown, key = ''): boolean {
  if (SAME_IN_EVERY_LANGUAGE.has(key) || key === FILE_NUMBER) return false;
  if (typeof value === 'string') return value.trim() !== '';
  if (Array.isArray(value)) return value.some((item) => hasWords(item));
  if (isObject(value)) return Object.entries(value).some(([name, item]) => hasWords(item, name));
  return false;
}

export interface Format {
  fromFile(text: string): Data;
  toFile(data: Data): string;
}

/**
 * Every file's text as the CMS read it (both formats): a save of a translated entry is checked
 * against these, since Decap keeps no one file's text for an entry of several languages
 * (src/integrations/cms/saving.js).
 */
const READ_TEXTS = new Set<string>();

/** The texts of the files read so far, newest last. */
export function textsRead(): string[] {
  return [...READ_TEXTS];
}

function noteRead(text: string): void {
  READ_TEXTS.delete(text);
  READ_TEXTS.add(text);
  if (READ_TEXTS.size > 2000) READ_TEXTS.delete(READ_TEXTS.values().next().value ?? '');
}

/** Remembers what was read, so a save can start from the file's own text. */
function memory() {
  const read: Remembered[] = [];
  return {
    remember(text: string, data: unknown) {
      read.push({ text, data });
      if (read.length > 500) read.shift();
    },
    original(data: unknown): string | undefined {
      let best: Remembered | undefined;
      let score = 0;
      for (const entry of read) {
        const next = likeness(entry.data, data);
        if (next > score) [best, score] = [entry, next];
      }
      return best?.text;
    },
  };
}

export function yamlFormat(): Format {
  const files = memory();
  return {
    fromFile(text) {
      noteRead(text);
      const data = (parseDocument(text).toJSON() ?? {}) as Data;
      files.remember(text, data);
      return data;
    },
    toFile({ [FILE_NUMBER]: fileNumber, [NEW_ENTRY]: isNew, ...data }) {
      if (!hasWords(data)) return '';
      const fresh = isNew === true || fileNumber !== undefined || savingNewEntry();
      const original = fresh ? undefined : files.original(data);
      return original === undefined ? freshYaml(data) : updateYaml(original, data);
    },
  };
}

const FRONT_MATTER = /^---\r?\n([\s\S]*?\r?\n)?---(?:\r?\n|$)([\s\S]*)$/;

export function frontmatterFormat(): Format {
  const files = memory();
  return {
    fromFile(text) {
      noteRead(text);
      const match = FRONT_MATTER.exec(text);
      const yaml = match?.[1] ?? '';
      const front = (parseDocument(yaml).toJSON() ?? {}) as Data;
      files.remember(yaml, front);
      return { ...front, body: match ? (match[2] ?? '') : text };
    },
    toFile({ body, [FILE_NUMBER]: fileNumber, [NEW_ENTRY]: isNew, ...front }) {
      if (!hasWords({ ...front, body })) return '';
      const fresh = isNew === true || fileNumber !== undefined || savingNewEntry();
      const original = fresh ? undefined : files.original(front);
      const yaml = original === undefined ? freshYaml(front) : updateYaml(original, front);
      return `---\n${yaml}---\n${typeof body === 'string' ? body : ''}`;
    },
  };
}

interface CmsApi {
  registerCustomFormat(name: string, extension: string, format: Format): void;
}

/** The names the generated config uses for these formats. */
export const TIDY_YAML = 'tidy-yaml';
export const TIDY_FRONTMATTER = 'tidy-frontmatter';

/** Registers both formats (a collection's own `extension` names its files). */
export function registerFormats(cms: CmsApi): void {
  cms.registerCustomFormat(TIDY_YAML, 'yaml', yamlFormat());
  cms.registerCustomFormat(TIDY_FRONTMATTER, 'mdx', frontmatterFormat());
}
