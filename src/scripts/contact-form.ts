/**
 * The first script of the footer's contact form, on every page (run by the layout's script,
 * page.ts): the public forms' starter (lib/forms/starter.ts), which loads what the form does
 * (contact-form-enhance.ts: the rules, the post, the states) at the first focus, or at once for a
 * draft to put back or a refused plain post. It is the main build's only importer of the starter,
 * so the starter stays a few hundred bytes of the layout's script (the application form's starter
 * is a bundle of its own for that reason).
 *
 * The behaviour is a bundle of its own (Vite's `?worker&url`: a separate build of that entry; it
 * runs on the page, not in a worker). Bundled with the other scripts it would share chunks with
 * the wizard and the admin, and valibot is one module, so the form would load every rule those
 * use too (2.6 KB of shared rules where it needs 2 KB).
 */
import enhancer from './contact-form-enhance.ts?worker&url';
import { startForms } from '../lib/forms/starter';

/**
 * Readies the footer's contact form; the server's answer to a refused plain post comes back to
 * `?error=…#contact-form`.
 */
export function startContactForm(): void {
  startForms('form[data-contact-form]', enhancer, '#contact-form');
}
