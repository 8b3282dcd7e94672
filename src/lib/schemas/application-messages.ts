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

/** Each language's application messages, as registered (English is built in). */
const registered: Partial<Record<string, Readonly<Record<ApplicationMessageKey, string>>>> = {};

/**
 * Makes `messages` the application messages in `lang`: the server registers every language's
 * (src/i18n/forms/index.ts), the form's script its page's. Apart from the forms' registry, so
 * that the shared schemas' bundle (every form's, the wizard's too) carries none of this.
 */
export function registerApplicationMessages(
  lang: string,
  messages: Readonly<Record<ApplicationMessageKey, string>>,
): void {
  registered[lang] = messages;
}

/** An application message in `lang` where registered, else in English. */
export function applicationMessage(key: ApplicationMessageKey, lang?: string): string {
  return (lang === undefined ? undefined : registered[lang]?.[key]) ?? APPLICATION_MESSAGES[key];
}
