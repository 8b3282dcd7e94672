/**
 * Why a CV is refused: a stable code for the record and tests (the codes are the shared schema's,
 * src/lib/schemas/application.ts, so the form's words can be keyed by them), and words for the
 * applicant.
 */
import type { CvRefusalCode } from '../../../src/lib/schemas/application.ts';

export type { CvRefusalCode };

export interface CvRefusal {
  ok: false;
  code: CvRefusalCode;
  message: string;
}

/** The types named in every refusal of a file that is not one of them. */
export const ALLOWED_TYPES = 'Please attach your CV as a PDF, DOCX or ODT file.';

const MESSAGES: Record<CvRefusalCode, string> = {
  empty: `The CV file is empty. ${ALLOWED_TYPES}`,
  'too-large': 'The CV is larger than 5 MB. Please attach a smaller file.',
  type: `This file is not a PDF, DOCX or ODT document. ${ALLOWED_TYPES}`,
  polyglot: `This file is both a PDF and an archive, so it cannot be accepted. ${ALLOWED_TYPES}`,
  archive: `This document is damaged or not a word-processing file. ${ALLOWED_TYPES}`,
  path: 'This document contains files with unsafe names, so it cannot be accepted.',
  bomb: 'This document unpacks to far more than any CV does, so it cannot be accepted.',
  nested: 'This document has other archives packed inside it, so it cannot be accepted.',
  macros: 'This document contains macros. Please save it as a plain DOCX or as a PDF.',
  encrypted: 'This document is password-protected. Please save it without a password.',
  unreadable: 'This PDF is stored in a way that cannot be checked. Please save it again as a PDF.',
  'active-content':
    'This PDF contains scripts, actions or attached files. Please save it as a plain PDF.',
};

export function refuse(code: CvRefusalCode): CvRefusal {
  return { ok: false, code, message: MESSAGES[code] };
}
