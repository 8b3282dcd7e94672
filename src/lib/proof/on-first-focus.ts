/**
 * `proveOnFocus` (guard.ts) for an island whose page must carry nothing of the proof of work
 * before the visitor's first focus in the form: the guard is loaded then, and starts at once,
 * since the focus is already in the form. Like the contact form's behaviour (scripts/
 * contact-form.ts), it is a bundle of its own (Vite's `?worker&url`: a separate build of that
 * entry that runs on the page), loaded with a plain import(): no preload helper on the page.
 */
import type { FormProof } from './guard';
import guardUrl from './guard.ts?worker&url';

type Guard = typeof import('./guard');

export function proveOnFirstFocus(form: HTMLElement): FormProof {
  let guarded: Promise<FormProof> | undefined;
  const start = () =>
    (guarded ??= (import(/* @vite-ignore */ guardUrl) as Promise<Guard>).then(
      ({ proveOnFocus }) => proveOnFocus(form),
      (error: unknown) => {
        // Offline: the next focus tries again; this send goes without a proof (held, not lost).
        guarded = undefined;
        form.addEventListener('focusin', () => void start(), { once: true });
        throw error;
      },
    ));
  if (form.contains(document.activeElement)) void start().catch(() => undefined);
  else form.addEventListener('focusin', () => void start().catch(() => undefined), { once: true });
  return {
    // Never focused (a send replayed from before hydration), or the guard did not load: no proof.
    take: async () => {
      const guard = await guarded?.catch(() => undefined);
      return guard?.take();
    },
  };
}
