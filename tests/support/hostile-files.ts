/**
 * Files made by the tests for the CV checks (issue 39): plain documents a real applicant sends,
 * and the hostile ones the issue lists (zip bombs, `../` paths, PDFs with scripts or actions, a
 * page named .pdf, a PDF/ZIP polyglot). Made in code, so the corpus is small in the repository
 * and exact in what each file claims.
 */
import { crc32, deflateRawSync, deflateSync } from 'node:zlib';

export interface ZipEntry {
  name: string;
  data: Uint8Array | string;
  /** Deflated (8) or stored (0). */
  method?: 0 | 8;
  /** A size the entry claims instead of its real one (a lying header). */
  claimedSize?: number;
}

const bytesOf = (data: Uint8Array | string) =>
  typeof data === 'string' ? Buffer.from(data, 'utf8') : Buffer.from(data);

/** A zip of `entries`, written as zip tools write it: local headers, data, central directory. */
export function makeZip(
  entries: readonly ZipEntry[],
  { prefix = Buffer.alloc(0) as Uint8Array } = {},
): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = prefix.length;
  for (const entry of entries) {
    const raw = bytesOf(entry.data);
    const method = entry.method ?? 8;
    const packed = method === 8 ? deflateRawSync(raw) : raw;
    const name = Buffer.from(entry.name, 'utf8');
    const size = entry.claimedSize ?? raw.length;
    const crc = crc32(raw);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6); // names in UTF-8
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(method, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, packed);
    centrals.push(central, name);
    offset += local.length + name.length + packed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([prefix, ...locals, directory, end]);
}

const CONTENT_TYPES =
  '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
  '<Default Extension="xml" ContentType="application/xml"/></Types>';

const documentXml = (text: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>${text}</w:t></w:r></w:p></w:body></w:document>`;

/** A DOCX as Word saves one (the parts the check reads), with `extra` entries after them. */
export function makeDocx(extra: readonly ZipEntry[] = [], text = 'Curriculum vitae'): Buffer {
  return makeZip([
    { name: '[Content_Types].xml', data: CONTENT_TYPES },
    { name: '_rels/.rels', data: '<Relationships/>' },
    { name: 'word/document.xml', data: documentXml(text) },
    ...extra,
  ]);
}

/** An ODT as LibreOffice saves one: `mimetype` first and stored. */
export function makeOdt(): Buffer {
  return makeZip([
    { name: 'mimetype', data: 'application/vnd.oasis.opendocument.text', method: 0 },
    {
      name: 'content.xml',
      data: '<office:document-content>Curriculum vitae</office:document-content>',
    },
    { name: 'META-INF/manifest.xml', data: '<manifest:manifest/>' },
  ]);
}

/** A one-page PDF; `catalog` adds to its catalogue, `objects` are more objects (from 5 0 obj). */
export function makePdf({
  catalog = '',
  objects = [] as string[],
  page = 'BT /F1 12 Tf 72 720 Td (Asha Nair, Solar design engineer) Tj ET',
  trailer = '',
} = {}): Buffer {
  const body = [
    `1 0 obj\n<< /Type /Catalog /Pages 2 0 R ${catalog}>>\nendobj`,
    '2 0 obj\n<< /Type /Pages /Kids [3 0 R] /Count 1 >>\nendobj',
    '3 0 obj\n<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R >>\nendobj',
    `4 0 obj\n<< /Length ${page.length} >>\nstream\n${page}\nendstream\nendobj`,
    ...objects.map((object, i) => `${i + 5} 0 obj\n${object}\nendobj`),
  ].join('\n');
  return Buffer.from(
    `%PDF-1.7\n%\xe2\xe3\xcf\xd3\n${body}\ntrailer\n<< /Root 1 0 R ${trailer}>>\n%%EOF\n`,
    'latin1',
  );
}

/** A deflated object stream holding `objects` (its dictionaries are only inside). */
export function objectStream(objects: readonly string[]): string {
  const text = objects.join('\n');
  const packed = deflateSync(Buffer.from(text, 'latin1'));
  return (
    `<< /Type /ObjStm /N ${objects.length} /First 0 /Filter /FlateDecode /Length ${packed.length} >>\n` +
    `stream\n${packed.toString('latin1')}\nendstream`
  );
}
