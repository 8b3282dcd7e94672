/**
 * The forms' words in every language of the site, all registered: what the server (Astro's
 * rendering, the functions) imports. Browser code imports registry.ts and loads only its page's
 * language.
 */
import { registerFormText } from './registry.ts';
import { ar } from './ar.ts';
import { en } from './en.ts';
import { ml } from './ml.ts';

registerFormText('en', en);
registerFormText('ml', ml);
registerFormText('ar', ar);

export * from './registry.ts';
