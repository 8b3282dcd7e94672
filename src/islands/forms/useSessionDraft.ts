import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type SetStateAction,
} from 'react';
import {
  freshDraft,
  loadDraft,
  removeDraft,
  renewKey as withNewKey,
  saveDraft,
  updateDraft,
  type Draft,
} from '../../lib/forms/draft';

/**
 * A form's draft (lib/forms/draft.ts) as React state: restored from this tab's sessionStorage
 * after hydration, so the first render matches the server's HTML, and saved on every change.
 * `adopt` reads what the visitor put in the server-rendered fields before hydration (typed,
 * pasted, autofilled: lib/forms/typed.ts); it is read at hydration, before React draws its own
 * values over the fields, and each field it returns wins over the saved draft's (typed now beats
 * typed in an earlier visit). Clearing the draft (after success) starts a new one with a new
 * idempotency key.
 */
export function useSessionDraft<T extends object>(
  key: string,
  initial: () => T,
  adopt?: () => Partial<T>,
) {
  const [draft, setDraft] = useState<Draft<T>>(() => freshDraft(initial));
  const restored = useRef(false);

  // A layout effect: it runs as hydration commits, before any re-render sets the fields' values.
  useLayoutEffect(() => {
    const saved = loadDraft(key, initial);
    const typed = restored.current ? {} : (adopt?.() ?? {});
    setDraft((current) => {
      const base = saved ?? current;
      return Object.keys(typed).length === 0
        ? base
        : updateDraft(base, { ...base.values, ...typed });
    });
    restored.current = true;
    // `initial` is a factory for fresh values and `adopt` reads the page once: neither changes
    // what is restored.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);

  useEffect(() => {
    if (restored.current) saveDraft(key, draft);
  }, [key, draft]);

  const setValues = useCallback(
    (update: SetStateAction<T>) => setDraft((current) => updateDraft(current, update)),
    [],
  );

  /** A new key for the same values: the server has the old one for other content. */
  const renewKey = useCallback(() => setDraft(withNewKey), []);

  const clear = useCallback(() => {
    removeDraft(key);
    setDraft(freshDraft(initial));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);

  return {
    values: draft.values,
    setValues,
    clear,
    idempotencyKey: draft.idempotencyKey,
    renewKey,
  } as const;
}
