/**
 * Whether a zip is a word-processing document a CV may be (DOCX or ODT), read with yauzl: a
 * maintained reader (the one extract-zip uses) that reads the central directory, refuses absolute
 * and `../` paths, and checks while unpacking that an entry is no larger than it says. Every
 * entry is unpacked here, counted, and dropped: no more than ZIP_LIMITS in entries, bytes and
 * ratio, whatever the archive claims (a flat bomb, overlapping entries); an archive inside the
 * archive (a nested bomb's layers) is refused unopened.
 */
import type { Readable } from 'node:stream';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { CV_TYPES, ZIP_LIMITS, type CvType } from './limits.ts';
import { refuse, type CvRefusal } from './refusal.ts';

const ODT_MIME = CV_TYPES.odt.contentType;

/** What unpacking found: the entries' names, and the text of ODT's `mimetype` entry. */
interface Contents {
  names: Set<string>;
  firstName: string | undefined;
  mimetype: string | undefined;
}

class Refused extends Error {
  readonly refusal: CvRefusal;
  constructor(refusal: CvRefusal) {
    super(refusal.code);
    this.refusal = refusal;
  }
}

const open = (bytes: Uint8Array) =>
  new Promise<ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(
      Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
      { lazyEntries: true, decodeStrings: true, validateEntrySizes: true, strictFileNames: true },
      (error, zip) => (error ? reject(error) : resolve(zip)),
    ),
  );

const readStream = (zip: ZipFile, entry: Entry) =>
  new Promise<Readable>((resolve, reject) =>
    zip.openReadStream(entry, (error, stream) => (error ? reject(error) : resolve(stream))),
  );

/** Unpacks `entry`, counting its bytes against what is left; its text if `keep`. */
async function unpack(
  zip: ZipFile,
  entry: Entry,
  budget: { left: number },
  keep: boolean,
): Promise<string | undefined> {
  const stream = await readStream(zip, entry);
  const kept: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    if (size === 0 && chunk.length >= 4 && chunk.readUInt32LE(0) === 0x04034b50) {
      // An archive inside the archive is never opened, nor kept.
      stream.destroy();
      throw new Refused(refuse('nested'));
    }
    size += chunk.length;
    budget.left -= chunk.length;
    if (budget.left < 0) {
      stream.destroy();
      throw new Refused(refuse('bomb'));
    }
    if (keep && size <= 256) kept.push(chunk);
  }
  return keep ? Buffer.concat(kept).toString('latin1') : undefined;
}

function checkEntry(entry: Entry, index: number): void {
  if (index >= ZIP_LIMITS.maxEntries) throw new Refused(refuse('bomb'));
  if (entry.isEncrypted()) throw new Refused(refuse('encrypted'));
  const { uncompressedSize, compressedSize } = entry;
  if (uncompressedSize > ZIP_LIMITS.maxUnpackedBytes) throw new Refused(refuse('bomb'));
  if (
    uncompressedSize > ZIP_LIMITS.ratioFloorBytes &&
    uncompressedSize > ZIP_LIMITS.maxRatio * Math.max(compressedSize, 1)
  ) {
    throw new Refused(refuse('bomb'));
  }
}

async function readContents(zip: ZipFile): Promise<Contents> {
  const contents: Contents = { names: new Set(), firstName: undefined, mimetype: undefined };
  const budget = { left: ZIP_LIMITS.maxUnpackedBytes };
  let index = 0;
  try {
    for (;;) {
      const entry = await new Promise<Entry | undefined>((resolve, reject) => {
        const onEntry = (found: Entry) => done(() => resolve(found));
        const onEnd = () => done(() => resolve(undefined));
        const onError = (error: Error) => done(() => reject(error));
        const done = (then: () => void) => {
          zip.off('entry', onEntry).off('end', onEnd).off('error', onError);
          then();
        };
        zip.on('entry', onEntry).on('end', onEnd).on('error', onError);
        zip.readEntry();
      });
      if (entry === undefined) return contents;
      checkEntry(entry, index);
      contents.firstName ??= entry.fileName;
      contents.names.add(entry.fileName);
      const text = await unpack(zip, entry, budget, index === 0 && entry.fileName === 'mimetype');
      if (text !== undefined) contents.mimetype = text;
      index++;
    }
  } finally {
    zip.close();
  }
}

/** The document type of a zip's bytes, or why it is refused. */
export async function checkArchive(bytes: Uint8Array): Promise<CvType | CvRefusal> {
  let contents: Contents;
  try {
    contents = await readContents(await open(bytes));
  } catch (error) {
    if (error instanceof Refused) return error.refusal;
    const message = error instanceof Error ? error.message : '';
    if (/absolute path|relative path|invalid characters/.test(message)) return refuse('path');
    if (/too many bytes|too few bytes|compressed size|uncompressed size/i.test(message)) {
      return refuse('bomb');
    }
    return refuse('archive');
  }
  const { names } = contents;
  if ([...names].some((name) => /(^|\/)vbaProject\.bin$|(^|\/)Basic\//i.test(name))) {
    return refuse('macros');
  }
  if (names.has('[Content_Types].xml') && names.has('word/document.xml')) return 'docx';
  if (
    contents.firstName === 'mimetype' &&
    contents.mimetype === ODT_MIME &&
    names.has('content.xml')
  ) {
    return 'odt';
  }
  return refuse('type');
}
