/**
 * A press of a form's submit button before its island has hydrated is held, not lost: the page's
 * first inline script (EARLY_SUBMIT_SCRIPT, run by BaseLayout before first paint) stops the
 * browser's own submission in an island root marked HOLD_SUBMIT (a plain post would reload the
 * page empty, or be refused for fields of steps not shown yet) and marks the root SUBMIT_HELD;
 * once hydrated, the island marks itself HYDRATED and sends the held press on
 * (replayEarlySubmit), with what its fields hold by then.
 */

/** On an island's root (or form) whose submissions wait for its hydration. */
export const HOLD_SUBMIT = 'data-hold-submit';
/** On such a root once it has hydrated: its own handlers take every press from then on. */
export const HYDRATED = 'data-hydrated';
/** On such a root while a press made before hydration waits to be sent on. */
export const SUBMIT_HELD = 'data-submit-held';

/**
 * Holds submissions in roots marked HOLD_SUBMIT until they carry HYDRATED; listening from the
 * document, it holds them whenever the root's HTML arrives. Clicks on submit buttons are held
 * too: Enter in a field clicks the form's default button, and a click stopped there never starts
 * the browser's own checks of fields the visitor cannot see yet.
 */
export const EARLY_SUBMIT_SCRIPT = `{
const hold = (event) => {
  const target = event.target instanceof Element ? event.target : null;
  const root = target && target.closest('[${HOLD_SUBMIT}]:not([${HYDRATED}])');
  if (!root || (event.type === 'click' && !target.closest('[type=submit]'))) return;
  event.preventDefault();
  root.setAttribute('${SUBMIT_HELD}', '');
};
document.addEventListener('click', hold, true);
document.addEventListener('submit', hold, true);
}`;

/**
 * The attributes of an island's root whose early submissions are held: HOLD_SUBMIT always,
 * HYDRATED once `hydrated`.
 */
export function holdUntil(hydrated: boolean) {
  return { [HOLD_SUBMIT]: '', [HYDRATED]: hydrated ? '' : undefined };
}

/**
 * Sends on a press held before hydration (`root` is the island's root, or its form); to be called
 * once the island has hydrated and adopted its fields' values.
 */
export function replayEarlySubmit(root: Element | null): void {
  if (!root?.hasAttribute(SUBMIT_HELD)) return;
  root.removeAttribute(SUBMIT_HELD);
  const form = root instanceof HTMLFormElement ? root : root.querySelector('form');
  form?.requestSubmit();
}
