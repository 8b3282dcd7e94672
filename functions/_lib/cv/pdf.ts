/**
 * Whether a PDF carries anything active: scripts (`/JS`, `/JavaScript`), launch actions
 * (`/Launch`), attached files (`/EmbeddedFile`, `/EmbeddedFiles`), forms that run or post
 * (`/XFA`, `/SubmitForm`, `/ImportData`) or rich media (`/RichMedia`). Each of them is a name in
 * a dictionary, and a PDF's dictionaries are either in the file's own text or packed in object
 * streams (`/Type /ObjStm`, usually deflated): both are read here, names decoded (`/J#53` is
 * `/JS`). Strings, comments and other streams' data (page content, images, fonts) are skipped,
 * so "HTML/JavaScript" written on a page, or bytes of an image, are never taken for one.
 *
 * No PDF library: pdf.js renders (a megabyte and more) and pdf-lib is unmaintained; what this
 * check needs is a tokenizer's skipping rules and zlib.
 */
import { inflateSync } from 'node:zlib';
import { PDF_MAX_UNPACKED_BYTES } from './limits.ts';
import { refuse, type CvRefusal } from './refusal.ts';

const ACTIVE = new Set([
  'JS',
  'JavaScript',
  'Launch',
  'EmbeddedFile',
  'EmbeddedFiles',
  'RichMedia',
  'XFA',
  'SubmitForm',
  'ImportData',
]);

const WHITESPACE = new Set([0x00, 0x09, 0x0a, 0x0c, 0x0d, 0x20]);
const DELIMITERS = new Set([0x28, 0x29, 0x3c, 0x3e, 0x5b, 0x5d, 0x7b, 0x7d, 0x2f, 0x25]);

/** What one reading of a run of PDF syntax found. */
interface Scan {
  names: Set<string>;
  /** Each stream's dictionary text (its names, decoded) and its raw data. */
  streams: { names: string[]; data: Uint8Array }[];
}

/** `/J#53` is `/JS`. */
function decodeName(raw: string): string {
  return raw.replace(/#([0-9a-fA-F]{2})/g, (_, hex: string) =>
    String.fromCharCode(parseInt(hex, 16)),
  );
}

function indexOfText(bytes: Uint8Array, text: string, from: number): number {
  const first = text.charCodeAt(0);
  outer: for (let i = bytes.indexOf(first, from); i !== -1; i = bytes.indexOf(first, i + 1)) {
    for (let j = 1; j < text.length; j++) if (bytes[i + j] !== text.charCodeAt(j)) continue outer;
    return i;
  }
  return -1;
}

/**
 * Reads PDF syntax in `bytes`: collects every name outside strings and comments, and sets aside
 * the data of every stream with the names of the dictionary just before it.
 */
function scan(bytes: Uint8Array): Scan {
  const names = new Set<string>();
  const streams: Scan['streams'] = [];
  /** Names since the last outermost `<<`: the dictionary a stream belongs to. */
  let dictionary: string[] = [];
  let depth = 0;
  let i = 0;
  while (i < bytes.length) {
    const byte = bytes[i]!;
    if (byte === 0x25 /* % */) {
      while (i < bytes.length && bytes[i] !== 0x0a && bytes[i] !== 0x0d) i++;
    } else if (byte === 0x28 /* ( */) {
      let depth = 1;
      i++;
      while (i < bytes.length && depth > 0) {
        const c = bytes[i]!;
        if (c === 0x5c /* \ */) i++;
        else if (c === 0x28) depth++;
        else if (c === 0x29) depth--;
        i++;
      }
      continue;
    } else if (byte === 0x3c /* < */ && bytes[i + 1] !== 0x3c) {
      const end = bytes.indexOf(0x3e, i + 1);
      i = end === -1 ? bytes.length : end + 1;
      continue;
    } else if (byte === 0x3c) {
      if (depth === 0) dictionary = [];
      depth++;
      i += 2;
      continue;
    } else if (byte === 0x3e /* > */ && bytes[i + 1] === 0x3e) {
      depth = Math.max(0, depth - 1);
      i += 2;
      continue;
    } else if (byte === 0x2f /* / */) {
      let end = i + 1;
      while (end < bytes.length && !WHITESPACE.has(bytes[end]!) && !DELIMITERS.has(bytes[end]!)) {
        end++;
      }
      // A name is at most 127 bytes long; a longer run is read in part (never one huge call).
      const name = decodeName(
        String.fromCharCode(...bytes.subarray(i + 1, Math.min(end, i + 200))),
      );
      names.add(name);
      dictionary.push(name);
      i = end;
      continue;
    } else if (byte === 0x73 /* s */ && indexOfText(bytes, 'stream', i) === i) {
      const before = i === 0 ? 0x20 : bytes[i - 1]!;
      let start = i + 6;
      if (bytes[start] === 0x0d) start++;
      if ((WHITESPACE.has(before) || before === 0x3e) && bytes[start] === 0x0a) start++;
      if (start > i + 6 && (WHITESPACE.has(before) || before === 0x3e)) {
        const end = indexOfText(bytes, 'endstream', start);
        const stop = end === -1 ? bytes.length : end;
        streams.push({ names: dictionary, data: bytes.subarray(start, stop) });
        dictionary = [];
        depth = 0;
        i = end === -1 ? bytes.length : end + 9;
        continue;
      }
    }
    i++;
  }
  return { names, streams };
}

/** Checks a PDF; undefined when it may be kept. */
export function checkPdf(bytes: Uint8Array): CvRefusal | undefined {
  const top = scan(bytes);
  if (top.names.has('Encrypt')) return refuse('encrypted');
  const found = new Set(top.names);
  let unpacked = 0;
  for (const stream of top.streams) {
    if (!stream.names.includes('ObjStm')) continue;
    const filters = stream.names.filter((name) => name.endsWith('Decode'));
    if (filters.some((filter) => filter !== 'FlateDecode')) return refuse('unreadable');
    let data: Uint8Array = stream.data;
    if (filters.length > 0) {
      try {
        data = inflateSync(stream.data, { maxOutputLength: PDF_MAX_UNPACKED_BYTES - unpacked });
      } catch (error) {
        if (error instanceof RangeError) return refuse('bomb');
        return refuse('unreadable');
      }
    }
    unpacked += data.length;
    for (const name of scan(data).names) found.add(name);
  }
  for (const name of found) if (ACTIVE.has(name)) return refuse('active-content');
  return undefined;
}
