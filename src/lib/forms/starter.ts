/**
 * The first script of a public form whose behaviour is a bundle of its own (the contact form's,
 * scripts/contact-form.ts; the careers application form's, scripts/application-form.ts): a few
 * hundred bytes, so reading a page to the end costs next to nothing. It loads the behaviour (the
 * rules, the post, the states) when that is needed: at once when this tab has a draft to put back
 * or the page is the server's answer to a refused plain post, otherwise at the first focus in the
 * form, long before anyone presses Send. A press that comes first waits for it.
 *
 * Without JavaScript none of this runs and the form posts as plain HTML.
 *
 * Mind its bytes: the contact form's copy is inline on nearly every page, /renewable-energy's
 * among them, whose budget (scripts/js-audit/budgets.ts) it is counted against to the byte.
 */

/**
 * Readies every form `selector` finds for the behaviour at `enhancer` (a URL: the bundle takes
 * over every such form on the page once it runs); `hash` is where the server sends a refused plain
 * post back (`?error=…#anchor`, lib/forms/dom.ts), with its `#`.
 */
export function startForms(selector: string, enhancer: string, hash: `#${string}`): void {
  let loading: Promise<void> | undefined;
  /** True once the behaviour runs: it has taken over every form of its kind then. */
  let ready = false;
  /** Loads the behaviour once; a failed load (offline) is tried again next time. */
  const start = (): Promise<void> =>
    (loading ??= import(/* @vite-ignore */ enhancer).then(
      () => {
        ready = true;
      },
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));
  const quietly = () => {
    start().catch(() => {});
  };

  for (const form of document.querySelectorAll<HTMLFormElement>(selector)) {
    form.addEventListener('focusin', quietly);
    form.addEventListener('submit', (event) => {
      if (ready) return; // the behaviour's own listener sends it
      event.preventDefault();
      void start().then(
        () => form.requestSubmit(),
        // Nothing was sent and nothing typed is lost: say so, as after a lost connection (the
        // error and retry lines of components/ui/FormStatus.astro).
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
    // A draft to put back, or the server's answer to a refused plain post: load it now.
    if (hasDraft || (location.hash === hash && new URLSearchParams(location.search).has('error'))) {
      quietly();
    }
    // From here on the form checks its fields itself, in the schema's words.
    form.noValidate = true;
  }
}
