/**
 * Reads the entries of a zip archive (the function bundles zip-it-and-ship-it writes) with
 * node:zlib alone. Names come from the central directory, which holds the true sizes even when
 * an entry streamed its sizes after the data (general purpose flag bit 3, as archiver writes).
 * Zip64 is refused: a function bundle near 4 GB would have failed the size budget long before.
 */
import { inflateRawSync } from 'node:zlib';

export interface ZipEntry {
  name: string;
  /** The entry's bytes, uncompressed on demand. */
  read(): Buffer;
}

const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const CENTRAL_HEADER = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
const STORED = 0;
const DEFLATED = 8;

function findEndOfCentralDirectory(zip: Buffer): number {
  // The record is 22 bytes plus a comment of at most 65535 bytes, at the very end.
  for (let at = zip.length - 22; at >= Math.max(0, zip.length - 22 - 0xffff); at -= 1) {
    if (zip.readUInt32LE(at) === END_OF_CENTRAL_DIRECTORY) return at;
  }
  throw new Error('not a zip archive (no end of central directory)');
}

export function zipEntries(zip: Buffer): ZipEntry[] {
  const end = findEndOfCentralDirectory(zip);
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  if (count === 0xffff || at === 0xffffffff) throw new Error('zip64 archives are not supported');
  const entries: ZipEntry[] = [];
  for (let i = 0; i < count; i += 1) {
    if (zip.readUInt32LE(at) !== CENTRAL_HEADER) throw new Error('corrupt zip central directory');
    const method = zip.readUInt16LE(at + 10);
    const compressedSize = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    const localHeader = zip.readUInt32LE(at + 42);
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength);
    at += 46 + nameLength + extraLength + commentLength;
    entries.push({
      name,
      read() {
        if (zip.readUInt32LE(localHeader) !== LOCAL_HEADER)
          throw new Error(`corrupt entry ${name}`);
        const start =
          localHeader +
          30 +
          zip.readUInt16LE(localHeader + 26) +
          zip.readUInt16LE(localHeader + 28);
        const data = zip.subarray(start, start + compressedSize);
        if (method === STORED) return data;
        if (method === DEFLATED) return inflateRawSync(data);
        throw new Error(`${name}: unsupported zip compression method ${method}`);
      },
    });
  }
  return entries;
}
