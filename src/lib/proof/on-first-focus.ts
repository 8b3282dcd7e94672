/**
 * `proveOnFocus` (guard.ts) for an island whose page must carry nothing of the proof of work
 * before the visitor's first focus in the form: the guard is loaded then, and starts at once,
 * since the focus is already in the form. Like the contact form's behaviour (scripts/
 * contact-form.ts), it is a bundle of its own (Vite's `?worker&url`: a separate build of that
 * entry that runs on the page), loaded with a plain import(): no preload helper on the page.
 */
import type { FormProof, proveOnFocus } from './guard';
import guardUrl from './guard-bundle.ts?worker&url';
import { GUARD_KEY } from './guard-key';

export function proveOnFirstFocus(form: HTMLElement): FormProof {
  let guarded: Promise<FormProof | undefined> | undefined;
  // Any focus in the form starts it once; a failed load (offline) is tried again at the next.
  const start = () =>
    void (guarded ??= import(/* @vite-ignore */ guardUrl).then(
      () => ((globalThis as Record<symbol, unknown>)[GUARD_KEY] as typeof proveOnFocus)(form),
      () => (guarded = undefined),
    ));
  if (form.contains(document.activeElement)) start();
  form.addEventListener('focusin', start);
  // Never focused (a send replayed from before hydration), or not loaded: no proof (held).
  return { take: async () => (await guarded)?.take() };
}
