/**
 * A form's draft: what the visitor typed and the idempotency key of sending exactly that (see
 * submit.ts), kept in sessionStorage (this tab only; gone when the tab closes) so a reload, a
 * crash or a stray click loses nothing. The key is made when the draft starts and made anew
 * whenever a value changes, so a retry is recognised as one and an edit never is.
 *
 * Framework-free: the wizard's React hook (islands/forms/useSessionDraft) and the public forms'
 * plain scripts (lib/forms/enhance.ts, for the contact and application forms) keep their drafts
 * with it.
 */
import { DEFAULT_LOCALE, type Locale } from '../../i18n/locales';
import { IDEMPOTENCY_KEY_PATTERN, newIdempotencyKey } from './idempotency';

/**
 * Where a form's draft is kept on a page in `locale`: one draft per form and language, so what was
 * typed on /ml/ comes back on /ml/ (and is sent in Malayalam). English keeps the plain name, so
 * drafts saved before there were languages still come back.
 */
export function draftKey(form: string, locale: Locale): string {
  return locale === DEFAULT_LOCALE ? form : `${form}:${locale}`;
}

/** A form's values and the idempotency key of sending exactly these values. */
export interface Draft<T> {
  values: T;
  idempotencyKey: string;
}

/** New values, or a function of the current ones (React's `SetStateAction` has this shape). */
export type DraftUpdate<T> = T | ((current: T) => T);

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

/** `value` as JSON with every object's keys sorted: equal values, whatever order they were read in. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner !== null && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : inner,
  );
}

/**
 * The draft after `update`: the same draft when no value changed, else the new values under a
 * new key, so an edited submission is never taken for a retry of the one before.
 */
export function updateDraft<T>(draft: Draft<T>, update: DraftUpdate<T>): Draft<T> {
  const values =
    typeof update === 'function' ? (update as (current: T) => T)(draft.values) : update;
  return canonical(values) === canonical(draft.values)
    ? draft
    : { values, idempotencyKey: newIdempotencyKey() };
}

/** The same values under a new key: the server has the old one for other content (a 422). */
export function renewKey<T>(draft: Draft<T>): Draft<T> {
  return { ...draft, idempotencyKey: newIdempotencyKey() };
}

/** The draft kept under `key` in this tab, or undefined when there is none or it is unreadable. */
export function loadDraft<T extends object>(key: string, initial: () => T): Draft<T> | undefined {
  try {
    const saved = sessionStorage.getItem(key);
    return saved ? readDraft(saved, initial) : undefined;
  } catch {
    // No storage (private mode, blocked) or a damaged draft: start empty.
    return undefined;
  }
}

/** Keeps `draft` under `key`; without storage (full, blocked) the form works without a draft. */
export function saveDraft<T>(key: string, draft: Draft<T>): void {
  try {
    sessionStorage.setItem(key, JSON.stringify(draft));
  } catch {
    // Nothing to keep it in.
  }
}

/** Forgets the draft under `key` (after the form was sent). */
export function removeDraft(key: string): void {
  try {
    sessionStorage.removeItem(key);
  } catch {
    // Nothing to clear.
  }
}
