/**
 * What a CV may be: its types, its size, and the bounds a document archive (DOCX, ODT) must keep
 * so that opening it can never cost more than a real CV does.
 */

export { CV_MAX_BYTES } from '../../../src/lib/schemas/application.ts';

/** The kinds of file a CV may be, decided by its bytes (sniff.ts), with what the admin gets. */
export const CV_TYPES = {
  pdf: { extension: 'pdf', contentType: 'application/pdf' },
  docx: {
    extension: 'docx',
    contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  },
  odt: { extension: 'odt', contentType: 'application/vnd.oasis.opendocument.text' },
} as const;

export type CvType = keyof typeof CV_TYPES;

/** A real CV's archive has tens of entries and unpacks to a few megabytes. */
export const ZIP_LIMITS = {
  maxEntries: 500,
  /** All entries unpacked together. */
  maxUnpackedBytes: 50 * 1024 * 1024,
  /** Unpacked over packed, for an entry larger than `ratioFloorBytes` unpacked (XML packs ~10×). */
  maxRatio: 100,
  ratioFloorBytes: 1024 * 1024,
} as const;

/** A PDF's compressed streams are unpacked to be read; never more than this in all. */
export const PDF_MAX_UNPACKED_BYTES = 50 * 1024 * 1024;
