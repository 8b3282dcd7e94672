/**
 * The first script of the careers application form (ApplicationForm.astro): the public forms'
 * starter (lib/forms/starter.ts), which loads what the form does (application-form-enhance.ts: the
 * rules, the CV check, the upload, the states) at the first focus, or at once for a draft to put
 * back or a refused plain post.
 *
 * It is a bundle of its own (`?worker&url`), loaded by the form's one-line inline script: the
 * contact form's starter (on every page) shares the starter module, and a module two scripts of
 * the main build import becomes a chunk of its own, which would turn the contact form's inline
 * script into files on every page. Its behaviour is a bundle of its own too, so it shares no chunk
 * with the contact form's or the wizard's.
 */
import enhancer from './application-form-enhance.ts?worker&url';
import { APPLICATION_ANCHOR } from '../lib/forms/application-draft';
import { startForms } from '../lib/forms/starter';

startForms('form[data-application-form]', enhancer, `#${APPLICATION_ANCHOR}`);
