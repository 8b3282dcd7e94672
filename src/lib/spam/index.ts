/** Content scoring of public submissions (score.ts), by a kind's fields (fields.ts). */
export * from './fields.ts';
export { findLinks, isShortened } from './links.ts';
export { normaliseText } from './normalise.ts';
export { SPAM_PHRASES, type SpamPhrase } from './phrases.ts';
export * from './score.ts';
