/**
 * The file a kind's public form sends with its fields (an application's CV): read from the
 * multipart body, checked by its bytes (the kind's inspector), and carried to storage with its
 * record (repositories/attachments.ts). A kind declares its attachment in src/lib/leads (field,
 * label, size); the check, which needs the server's parsers, is named here by the kind's key.
 */
import type { Locale } from '../../src/i18n/locales.ts';
import type { AnyLeadKind } from '../../src/lib/leads/index.ts';
import { applicationMessage } from '../../src/lib/schemas/application.ts';
import { inspectCv } from './cv/index.ts';
import { cvRefusalText } from './cv/refusal-text.ts';
import type { SentFile } from './body.ts';
import { HttpError } from './http.ts';
import { deleteFiles, factsOf, putFile, type FileFacts } from './repositories/attachments.ts';
import type { RecordFile } from './repositories/timeline.ts';
import { invalidFieldsMessage } from './validate.ts';

/** What a record keeps of its file: what it is, its size, digest, and the sender's file name. */
export interface FileNote extends FileFacts {
  name: string;
}

/** A file's check: what its bytes are, or why it is refused (in the sender's language). */
export type FileVerdict =
  | { ok: true; type: string; contentType: string }
  | { ok: false; status: 400 | 413; message: string };

export interface AttachmentRules {
  /** The multipart field it comes in, and the record field that notes it. */
  field: string;
  maxBytes: number;
  inspect(bytes: Uint8Array, lang: Locale): Promise<FileVerdict>;
  /** Said when no file came. */
  missing(lang: Locale): string;
}

/** The checks of the kinds that carry a file, by kind. */
const INSPECTORS: Readonly<Record<string, AttachmentRules['inspect']>> = {
  applications: async (bytes, lang) => {
    const verdict = await inspectCv(bytes);
    if (verdict.ok) return { ok: true, type: verdict.type, contentType: verdict.contentType };
    return {
      ok: false,
      status: verdict.code === 'too-large' ? 413 : 400,
      message: cvRefusalText(verdict.code, lang),
    };
  },
};

/** The rules of `kind`'s file; undefined for a kind without one. */
export function attachmentRules(kind: AnyLeadKind): AttachmentRules | undefined {
  const declared = kind.attachment;
  if (declared === undefined) return undefined;
  const inspect = INSPECTORS[kind.key];
  if (inspect === undefined) throw new Error(`${kind.key}: no check for its ${declared.label}`);
  return {
    field: declared.field,
    maxBytes: declared.maxBytes,
    inspect,
    missing: (lang) => applicationMessage('cv', lang),
  };
}

/** The 413 of a body past the file's bound, in `lang`, at the file's field. */
export function fileTooLarge(rules: AttachmentRules, lang: Locale): HttpError {
  return new HttpError(413, invalidFieldsMessage(lang), {
    fields: { [rules.field]: cvRefusalText('too-large', lang) },
  });
}

/** The longest file name a record keeps (longer ones are cut, keeping their extension). */
const NAME_MAX = 120;

/**
 * The sender's file name as the admin may read it: its last path part, without controls or
 * bidirectional overrides, at most NAME_MAX characters. Shown, never used as a path or a type.
 */
export function cleanFileName(name: string): string {
  const last = name.split(/[\\/]/).pop() ?? '';
  const clean = last
    .normalize('NFC')
    .replace(/[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '')
    .trim();
  if (clean.length <= NAME_MAX) return clean;
  const dot = clean.lastIndexOf('.');
  const extension = dot > 0 && clean.length - dot <= 10 ? clean.slice(dot) : '';
  return clean.slice(0, NAME_MAX - extension.length) + extension;
}

/** A checked file, ready to go with its record into `store` (a kind's, or the held store). */
export interface CheckedFile {
  note: FileNote;
  bytes: Uint8Array;
}

export function checkedFile(sent: SentFile, verdict: FileVerdict & { ok: true }): CheckedFile {
  return {
    bytes: sent.bytes,
    note: {
      ...factsOf(sent.bytes, verdict.type, verdict.contentType),
      name: cleanFileName(sent.name),
    },
  };
}

/** How `file` is written with its record in `store`, and taken back if the record is not. */
export function recordFile(store: string, file: CheckedFile): RecordFile {
  const { type, contentType, size, sha256 } = file.note;
  const facts = { type, contentType, size, sha256 };
  return {
    put: async (id) => {
      await putFile(store, id, file.bytes, facts);
    },
    drop: (id) => deleteFiles(store, [id], { graceMs: 1_500 }),
  };
}
