/**
 * The 404 page's countdown: the spec sends an unknown path on to the home page; the page first
 * shows where else to go for NOT_FOUND_SECONDS, counting down, and stays as long as the visitor
 * likes once they focus, click or press a key. Its words are built the same way at build time
 * (the static text) and in the browser (each second).
 */
export const NOT_FOUND_SECONDS = 5;

/** "Taking you to the home page in 5 seconds." in the page's language. */
export function countdownText(template: string, lang: string, seconds: number): string {
  const when = new Intl.RelativeTimeFormat(lang, { numeric: 'always' }).format(seconds, 'second');
  return template.replace('{when}', when);
}
