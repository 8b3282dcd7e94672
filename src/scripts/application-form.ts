/**
 * The first script of the careers application form (ApplicationForm.astro): a few hundred bytes,
 * as the contact form's (contact-form.ts, whose pattern this follows). It loads what the form does
 * (application-form-enhance.ts: the rules, the CV check, the upload, the states) when that is
 * needed: at once when this tab has a draft to put back or the page is the server's answer to a
 * refused plain post, otherwise at the first focus in the form. A press of Send that comes first
 * waits for it. Without JavaScript none of this runs and the form posts as multipart HTML.
 *
 * The behaviour is a bundle of its own (Vite's `?worker&url`: a separate build of that entry that
 * runs on the page), so it shares no chunk with the contact form's or the wizard's.
 */
import enhancer from './application-form-enhance.ts?worker&url';
import { APPLICATION_ANCHOR } from '../lib/forms/application-draft';

let loading: Promise<void> | undefined;
/** True once the behaviour runs: it has taken over every application form then. */
let ready = false;
/** Loads the behaviour once; a failed load (offline) is tried again next time. */
function start(): Promise<void> {
  loading ??= import(/* @vite-ignore */ enhancer).then(
    () => {
      ready = true;
    },
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}
const quietly = () => void start().catch(() => undefined);

function prepare(form: HTMLFormElement): void {
  form.addEventListener('focusin', quietly);
  form.addEventListener('submit', (event) => {
    if (ready) return; // the behaviour's own listener sends it
    event.preventDefault();
    void start().then(
      () => form.requestSubmit(),
      // Nothing was sent and nothing typed is lost: say so, as after a lost connection.
      () => {
        for (const line of form.querySelectorAll<HTMLElement>('[data-status]')) {
          line.hidden = !['error', 'retry'].includes(line.dataset['status']!);
        }
      },
    );
  });

  let hasDraft = false;
  try {
    hasDraft = sessionStorage.getItem(form.dataset['draftKey']!) !== null;
  } catch {
    // No storage: no draft to put back.
  }
  const returned =
    location.hash === `#${APPLICATION_ANCHOR}` && new URLSearchParams(location.search).has('error');
  if (hasDraft || returned) quietly();
  // From here on the form checks its fields itself, in the schema's words.
  form.noValidate = true;
}

for (const form of document.querySelectorAll<HTMLFormElement>('form[data-application-form]')) {
  prepare(form);
}
