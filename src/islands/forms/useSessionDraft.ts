import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * Form values that survive a reload, a crash or an accidental navigation: they are kept in
 * sessionStorage (this tab only; gone when the tab closes) under `key` and restored after
 * hydration, so the first render matches the server's HTML.
 */
export function useSessionDraft<T extends object>(key: string, initial: () => T) {
  const [values, setValues] = useState<T>(initial);
  const restored = useRef(false);

  useEffect(() => {
    try {
      const saved = sessionStorage.getItem(key);
      if (saved) setValues({ ...initial(), ...(JSON.parse(saved) as Partial<T>) });
    } catch {
      // No storage (private mode, quota) or a damaged draft: start empty.
    }
    restored.current = true;
    // `initial` is a factory for fresh values; it never changes meaning.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);

  useEffect(() => {
    if (!restored.current) return;
    try {
      sessionStorage.setItem(key, JSON.stringify(values));
    } catch {
      // Storage full or unavailable: the form still works, only without a draft.
    }
  }, [key, values]);

  const clear = useCallback(() => {
    try {
      sessionStorage.removeItem(key);
    } catch {
      // Nothing to clear.
    }
    setValues(initial());
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);

  return [values, setValues, clear] as const;
}
