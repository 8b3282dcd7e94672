/**
 * A job application (issue 39): the careers form's fields, sent as multipart/form-data with the
 * CV in the field `cv` (functions/_lib/cv/ decides whether the file is one). The CV is not part of
 * this schema: a file is checked by its bytes on the server, and a draft never keeps it.
 */
import * as v from 'valibot';

export { applicationMessage } from './application-messages.ts';
import type { Locale } from '../../i18n/locales.ts';
import { applicationMessage } from './application-messages.ts';
import type { AcknowledgementSkipped } from './acknowledgement.ts';
import type { LeadSource } from './source.ts';
import {
  LIMITS,
  message,
  optionalText,
  requiredEmail,
  requiredPhone,
  requiredText,
} from './fields.ts';

/** The `opening` of an application sent from /careers rather than from an opening's page. */
export const OPEN_APPLICATION = 'open';

/** An opening's slug, as its file is named (content/openings/<lang>/<slug>.mdx). */
export const OPENING_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** The largest CV accepted: 5 MB (functions/_lib/cv/ checks the bytes; the form warns first). */
export const CV_MAX_BYTES = 5 * 1024 * 1024;

/**
 * Why a CV is refused (functions/_lib/cv/ decides; the API answers with the words of the form's
 * language, src/i18n/forms `application.cvRefusals`): a stable code for the record and tests.
 */
export const CV_REFUSAL_CODES = [
  'empty',
  'too-large',
  'type',
  'polyglot',
  'archive',
  'path',
  'bomb',
  'nested',
  'macros',
  'encrypted',
  'unreadable',
  'active-content',
] as const;
export type CvRefusalCode = (typeof CV_REFUSAL_CODES)[number];

/**
 * The largest part of a CV sent ahead of its form (functions/_lib/repositories/cv-parts.ts): 3 MB,
 * 4 MB once Netlify base64-encodes it, within its 6 MB request.
 */
export const CV_PART_BYTES = 3 * 1024 * 1024;

/** The cover note is short: a few paragraphs, not a second CV. */
export const COVER_NOTE_MAX_LENGTH = 3_000;

/** The words a checked box is sent as: `yes` from the form, `true` from JSON-minded clients. */
const AGREED = new Set<unknown>([true, 'true', 'yes', 'on']);

export const ApplicationSchema = v.object({
  name: requiredText(LIMITS.name),
  email: requiredEmail(),
  phone: requiredPhone(),
  /** An opening's slug, or `open` for an open application. */
  opening: v.pipe(
    v.nullish(v.string(message('invalidValue')), OPEN_APPLICATION),
    v.trim(),
    v.transform((slug) => (slug === '' ? OPEN_APPLICATION : slug)),
    v.maxLength(100, message('invalidValue')),
    v.regex(OPENING_SLUG, message('invalidValue')),
  ),
  /** Where the applicant lives now (city, country). */
  location: requiredText(LIMITS.name),
  coverNote: optionalText(COVER_NOTE_MAX_LENGTH, { multiline: true }),
  /** Consent to keep the application (and its CV) for 12 months: required. */
  consent: v.pipe(
    v.unknown(),
    v.check(
      (value) => AGREED.has(value),
      (issue) => applicationMessage('consent', issue.lang),
    ),
    v.transform(() => true as const),
  ),
});

export type ApplicationInput = v.InferOutput<typeof ApplicationSchema>;

/** The CV as the record names it: what the file was found to be, and its size. */
export interface CvFile {
  type: 'pdf' | 'docx' | 'odt';
  size: number;
  /** The name the applicant's file had (shown to the admin, never used as a path or type). */
  name: string;
}

/** A stored application, as the admin API returns it. */
export type Application = {
  _id: string;
  createdAt: string;
  lang: Locale;
  cv: CvFile;
  acknowledgement?: AcknowledgementSkipped;
  source?: LeadSource;
} & ApplicationInput;
