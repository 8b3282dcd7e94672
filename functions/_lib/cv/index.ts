/**
 * A CV, handled as hostile (issue 39): its type is decided by its bytes, never by its name or
 * the browser's word for it; a PDF is read for active content (pdf.ts), a DOCX or ODT is unpacked
 * within bounds (archive.ts); anything else is refused with a message naming the allowed types.
 */
import { checkArchive } from './archive.ts';
import { CV_MAX_BYTES, CV_TYPES, type CvType } from './limits.ts';
import { checkPdf } from './pdf.ts';
import { refuse, type CvRefusal } from './refusal.ts';

export { CV_MAX_BYTES, CV_TYPES, type CvType } from './limits.ts';
export { ALLOWED_TYPES, type CvRefusal, type CvRefusalCode } from './refusal.ts';

export interface CvAccepted {
  ok: true;
  type: CvType;
  extension: string;
  contentType: string;
}

export type CvVerdict = CvAccepted | CvRefusal;

const startsWith = (bytes: Uint8Array, text: string, at = 0) =>
  [...text].every((char, i) => bytes[at + i] === char.charCodeAt(0));

/** A zip's end-of-central-directory record, which sits in the last 64 KB + 22 bytes of one. */
function hasZipEnd(bytes: Uint8Array): boolean {
  const from = Math.max(0, bytes.length - 65_557);
  for (let i = bytes.length - 22; i >= from; i--) {
    if (bytes[i] === 0x50 && startsWith(bytes, 'PK\x05\x06', i)) return true;
  }
  return false;
}

/** `%PDF-` anywhere in the first kilobyte, where readers look for it. */
function hasPdfHeader(bytes: Uint8Array): boolean {
  const end = Math.min(bytes.length, 1024);
  for (let i = 0; i < end; i++) if (bytes[i] === 0x25 && startsWith(bytes, '%PDF-', i)) return true;
  return false;
}

export async function inspectCv(bytes: Uint8Array): Promise<CvVerdict> {
  if (bytes.length === 0) return refuse('empty');
  if (bytes.length > CV_MAX_BYTES) return refuse('too-large');
  const pdf = hasPdfHeader(bytes);
  const zip = startsWith(bytes, 'PK\x03\x04') || hasZipEnd(bytes);
  if (pdf && zip) return refuse('polyglot');
  let type: CvType;
  if (pdf) {
    // Something else before the header: a page or a script dressed as a PDF.
    if (!startsWith(bytes, '%PDF-')) return refuse('type');
    const refused = checkPdf(bytes);
    if (refused) return refused;
    type = 'pdf';
  } else if (zip) {
    const checked = await checkArchive(bytes);
    if (typeof checked !== 'string') return checked;
    type = checked;
  } else {
    return refuse('type');
  }
  return { ok: true, type, ...CV_TYPES[type] };
}
