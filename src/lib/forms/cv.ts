/**
 * The careers form's first look at a chosen CV, in the browser: by its name and size only, so it
 * can warn before a long upload. The server decides by the file's bytes (functions/_lib/cv/), so
 * a name is never trusted: a `.pdf` that is not a PDF passes here and is refused there, and a
 * PDF named without an extension is warned about here but still sent.
 */
import { CV_MAX_BYTES, type CvRefusalCode } from '../schemas/application.ts';

/** The file names the form offers to pick. */
export const CV_EXTENSIONS = ['.pdf', '.docx', '.odt'] as const;

/** The same types as the browser names them (a file picker filters by either). */
export const CV_MIME_TYPES = [
  'application/pdf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.oasis.opendocument.text',
] as const;

/** The file input's `accept`. */
export const CV_ACCEPT = [...CV_EXTENSIONS, ...CV_MIME_TYPES].join(',');

/** What the browser knows of a chosen file before reading it. */
export interface ChosenFile {
  readonly name: string;
  readonly size: number;
}

/**
 * What to say about `file` before sending: `missing` with none chosen, else the refusal the
 * server would surely give by size (`empty`, `too-large`) or would likely give by name (`type`),
 * else nothing.
 */
export function cvWarning(
  file: ChosenFile | null | undefined,
): 'missing' | Extract<CvRefusalCode, 'empty' | 'too-large' | 'type'> | undefined {
  if (!file) return 'missing';
  if (file.size === 0) return 'empty';
  if (file.size > CV_MAX_BYTES) return 'too-large';
  const name = file.name.toLowerCase();
  if (!CV_EXTENSIONS.some((extension) => name.endsWith(extension))) return 'type';
  return undefined;
}

/**
 * Whether a warning stops the send: a file the server refuses whatever its bytes (none, empty,
 * over 5 MB) is not uploaded; a name that looks wrong is sent all the same, for the server to
 * judge by the bytes.
 */
export function blocksSending(warning: ReturnType<typeof cvWarning>): boolean {
  return warning !== undefined && warning !== 'type';
}
