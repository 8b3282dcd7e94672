/**
 * The first script of the footer's contact form, on every page: a few hundred bytes, so reading a
 * page to the end costs next to nothing. It loads what the form does (contact-form-enhance.ts:
 * the rules, the post, the states) when that is needed: at once when this tab has a draft to put
 * back or the page is the server's answer to a refused plain post, otherwise at the first focus
 * in the form, long before anyone presses Send. A press that comes first waits for it.
 *
 * The behaviour is a bundle of its own (Vite's `?worker&url`: a separate build of that entry; it
 * runs on the page, not in a worker). Bundled with the other scripts it would share chunks with
 * the wizard and the admin, and valibot is one module, so the form would load every rule those
 * use too (2.6 KB of shared rules where it needs 2 KB).
 */
import enhancer from './contact-form-enhance.ts?worker&url';

let loading: Promise<void> | undefined;
/** True once the behaviour runs: it has taken over every contact form then. */
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
          line.hidden = line.dataset['status'] === 'success';
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
  // The server's answer to a refused plain post: `?error=…#contact-form` (lib/forms/dom.ts).
  const returned =
    location.hash === '#contact-form' && new URLSearchParams(location.search).has('error');
  if (hasDraft || returned) quietly();
  // From here on the form checks its fields itself, in the schema's words.
  form.noValidate = true;
}

export function initContactForms(root: ParentNode = document): void {
  for (const form of root.querySelectorAll<HTMLFormElement>('form[data-contact-form]')) {
    prepare(form);
  }
}
