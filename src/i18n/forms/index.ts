/**
 * The forms' words in every language of the site, all registered: what the server (Astro's
 * rendering, the functions) imports. Browser code imports registry.ts and loads only its page's
 * language.
 */
import { registerFormText } from './registry.ts';
import { registerApplicationMessages } from '../../lib/schemas/application-messages.ts';
import { ar } from './ar.ts';
import { en } from './en.ts';
import { ml } from './ml.ts';

for (const [locale, text] of [
  ['en', en],
  ['ml', ml],
  ['ar', ar],
] as const) {
  registerFormText(locale, text);
  registerApplicationMessages(locale, text.application.messages);
}

export * from './registry.ts';
