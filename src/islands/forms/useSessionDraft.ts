import { useCallback, useEffect, useRef, useState, type SetStateAction } from 'react';
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
 * Clearing it (after success) starts a new draft with a new idempotency key.
 */
export function useSessionDraft<T extends object>(key: string, initial: () => T) {
  const [draft, setDraft] = useState<Draft<T>>(() => freshDraft(initial));
  const restored = useRef(false);

  useEffect(() => {
    const saved = loadDraft(key, initial);
    if (saved) setDraft(saved);
    restored.current = true;
    // `initial` is a factory for fresh values; it never changes meaning.
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
