import { useCallback, useEffect, useRef, useState, type SetStateAction } from 'react';
import { IDEMPOTENCY_KEY_PATTERN, newIdempotencyKey } from './submit';

/** A form's values and the idempotency key of sending exactly these values. */
export interface Draft<T> {
  values: T;
  idempotencyKey: string;
}

/** A draft of empty values with a fresh key. */
export function freshDraft<T>(initial: () => T): Draft<T> {
  return { values: initial(), idempotencyKey: newIdempotencyKey() };
}

/**
 * The draft stored as `saved`, over fresh values (so fields added since are present). A draft
 * saved before keys existed (values only) gets a fresh key. Throws on damaged JSON.
 */
export function readDraft<T extends object>(saved: string, initial: () => T): Draft<T> {
  const parsed = JSON.parse(saved) as Partial<Draft<Partial<T>>> & Partial<T>;
  const { values, idempotencyKey } = parsed;
  if (typeof values === 'object' && values !== null) {
    return {
      values: { ...initial(), ...values },
      idempotencyKey:
        typeof idempotencyKey === 'string' && IDEMPOTENCY_KEY_PATTERN.test(idempotencyKey)
          ? idempotencyKey
          : newIdempotencyKey(),
    };
  }
  return {
    values: { ...initial(), ...(parsed as Partial<T>) },
    idempotencyKey: newIdempotencyKey(),
  };
}

/**
 * The draft after `update`: the same draft when no value changed, else the new values under a
 * new key, so an edited submission is never taken for a retry of the one before.
 */
export function updateDraft<T>(draft: Draft<T>, update: SetStateAction<T>): Draft<T> {
  const values =
    typeof update === 'function' ? (update as (current: T) => T)(draft.values) : update;
  return JSON.stringify(values) === JSON.stringify(draft.values)
    ? draft
    : { values, idempotencyKey: newIdempotencyKey() };
}

/**
 * Form values that survive a reload, a crash or an accidental navigation: they are kept in
 * sessionStorage (this tab only; gone when the tab closes) under `key` and restored after
 * hydration, so the first render matches the server's HTML.
 *
 * With them is kept the idempotency key of the submission (submit.ts): made when the draft
 * starts, made anew whenever a value changes, the same across failed sends and reloads, so a
 * retry is recognised as one and a visitor's message is stored once. Clearing the draft (after
 * success) starts a new one with a new key.
 */
export function useSessionDraft<T extends object>(key: string, initial: () => T) {
  const [draft, setDraft] = useState<Draft<T>>(() => freshDraft(initial));
  const restored = useRef(false);

  useEffect(() => {
    try {
      const saved = sessionStorage.getItem(key);
      if (saved) setDraft(readDraft(saved, initial));
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
      sessionStorage.setItem(key, JSON.stringify(draft));
    } catch {
      // Storage full or unavailable: the form still works, only without a draft.
    }
  }, [key, draft]);

  const setValues = useCallback(
    (update: SetStateAction<T>) => setDraft((current) => updateDraft(current, update)),
    [],
  );

  /** A new key for the same values: the server has the old one for other content. */
  const renewKey = useCallback(
    () => setDraft((current) => ({ ...current, idempotencyKey: newIdempotencyKey() })),
    [],
  );

  const clear = useCallback(() => {
    try {
      sessionStorage.removeItem(key);
    } catch {
      // Nothing to clear.
    }
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
