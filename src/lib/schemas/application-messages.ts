/**
 * The application schema's own messages in English, apart from the forms' shared validation
 * messages (src/i18n/forms/en-validation.ts), which every form's script bundles: only the
 * application form needs these. Their translations are `application.messages` of each language.
 */
export const APPLICATION_MESSAGES = {
  consent: 'Please agree to us keeping your application for 12 months, or we cannot consider it.',
  cv: 'Please attach your CV as a PDF, DOCX or ODT file.',
} as const;

export type ApplicationMessageKey = keyof typeof APPLICATION_MESSAGES;
