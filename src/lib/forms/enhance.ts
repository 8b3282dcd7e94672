/**
 * What the public forms' plain scripts do alike once a form is used (the contact form's,
 * scripts/contact-form-enhance.ts, and the careers application form's,
 * scripts/application-form-enhance.ts): the form's language, its states (idle → sending →
 * success or error, with the line asking to send again), the server's or the schema's message
 * under each field, this tab's draft with its idempotency key, one send at a time, and the return
 * of a plain post the server refused. What differs (the fields, the checks, the post) stays in
 * each script.
 *
 * Only those two scripts import it, each a bundle of its own (`?worker&url`), so each carries its
 * own copy and no chunk of the main build (the enquiry wizard's) gains a byte. The wizard is
 * React and keeps the same things in its hooks.
 */
import { DEFAULT_LOCALE, isLocale, type Locale } from '../../i18n/locales';
import { validationText } from '../../i18n/forms/registry';
import { focusFirstInvalid, returnedFieldErrors } from './dom';
import {
  freshDraft,
  loadDraft,
  removeDraft,
  renewKey,
  saveDraft,
  updateDraft,
  type Draft,
} from './draft';
import type { SubmitResult } from './submit';
import { typedValues } from './typed';

export type Status = 'idle' | 'sending' | 'success' | 'error';
/** A message by field name; a field without one shows none. */
export type FieldMessages = Partial<Record<string, string>>;
/** The values a form keeps as its draft: text, or a ticked box. */
type DraftValues<V> = { [K in keyof V]: string | boolean };

/** The form's language: its `data-locale`, else the primary subtag of `<html lang>` (`ml-IN`). */
export function languageOf(form: HTMLFormElement): Locale {
  const own = form.dataset['locale'];
  if (isLocale(own)) return own;
  const page = document.documentElement.lang.split('-')[0]?.toLowerCase();
  return isLocale(page) ? page : DEFAULT_LOCALE;
}

/**
 * Takes over every form that `selector` finds once the words of its language are here (`load`:
 * English's are built in, another language's are a chunk of their own).
 */
export async function enhanceEvery(
  selector: string,
  load: (lang: Locale) => Promise<unknown>,
  enhance: (form: HTMLFormElement) => void,
): Promise<void> {
  const forms = [...document.querySelectorAll<HTMLFormElement>(selector)];
  await Promise.all(
    forms
      .map((form) => languageOf(form))
      .filter((lang) => lang !== DEFAULT_LOCALE)
      .map(load),
  );
  for (const form of forms) enhance(form);
}

/** What a form script tells the shared behaviour about its form. */
export interface FormSpec<V extends DraftValues<V>> {
  /**
   * Every field a message can be shown under, in the form's order (the first wrong one gets the
   * focus). Field `f`'s control has the id `idPrefix + f`, its message box `idPrefix + f-error`;
   * a control's `data-hints` names the hints it is described by besides its message.
   */
  fields: readonly string[];
  idPrefix: string;
  /** The form's id on its page: a refused plain post comes back to `#anchor` (lib/forms/dom.ts). */
  anchor: string;
  /** Empty values of the draft's fields (the fields kept in this tab; a file never is). */
  empty: () => V;
  /** The draft's values as the form holds them, and the other way. */
  read: () => V;
  write: (values: V) => void;
  /** Whether values hold something worth keeping before the next keystroke. */
  hasText: (values: V) => boolean;
}

/**
 * The behaviour both forms share, over `form` as `spec` describes it. Puts this tab's draft back
 * at once (a field typed into, or autofilled, before the script arrived keeps what it holds:
 * typed now wins over typed in an earlier visit) and keeps every edit of a draft field.
 */
export function formBehaviour<V extends DraftValues<V>>(form: HTMLFormElement, spec: FormSpec<V>) {
  const { fields, idPrefix, empty, read, write } = spec;
  const draftKey = form.dataset['draftKey']!;
  const lang = languageOf(form);
  const button = form.querySelector<HTMLButtonElement>('button[type="submit"]')!;
  const sendLabel = button.textContent;
  const lines = form.querySelectorAll<HTMLElement>('[data-status]');
  let status: Status = 'idle';
  let errors: FieldMessages = {};
  /** From the press of Send to the answer: one send at a time. */
  let busy = false;

  /** Shows `next`; the line asking to send again only with an error that sending again may cure. */
  function show(next: Status, retry = false) {
    status = next;
    for (const line of lines) {
      const name = line.dataset['status'];
      line.hidden = !(name === next || (retry && name === 'retry'));
    }
    const sending = next === 'sending';
    button.disabled = sending;
    button.textContent = sending ? (button.dataset['sendingLabel'] ?? sendLabel) : sendLabel;
    form.setAttribute('aria-busy', String(sending));
  }

  /** The confirmation's reference (its line only with one) and "e-mailed" line (only if so). */
  function confirm(reference: string | undefined, acknowledged: boolean) {
    const line = form.querySelector<HTMLElement>('[data-reference-line]');
    const value = form.querySelector<HTMLElement>('[data-reference]');
    if (line && value) {
      value.textContent = reference ?? '';
      line.hidden = reference === undefined;
    }
    const emailed = form.querySelector<HTMLElement>('[data-acknowledged]');
    if (emailed) emailed.hidden = !acknowledged;
  }

  /** Each field's message under it (none: cleared), wired to its control after its hints. */
  function showErrors(next: FieldMessages) {
    errors = next;
    for (const field of fields) {
      const target = form.querySelector<HTMLElement>(`#${idPrefix}${field}`)!;
      const box = form.querySelector<HTMLElement>(`#${idPrefix}${field}-error`)!;
      const message = errors[field];
      // The first child is the icon, kept; the text after it is replaced.
      box.replaceChildren(box.firstElementChild!, message ?? '');
      box.hidden = !message;
      const hints = target.dataset['hints'] ?? '';
      const describedBy = [hints, message ? box.id : ''].filter(Boolean).join(' ');
      if (describedBy) target.setAttribute('aria-describedby', describedBy);
      else target.removeAttribute('aria-describedby');
      if (message) target.setAttribute('aria-invalid', 'true');
      else target.removeAttribute('aria-invalid');
    }
  }

  /** Moves the focus to the first field of `found` that has a message. */
  const focusFirst = (found: FieldMessages) =>
    focusFirstInvalid(
      form,
      fields.filter((field) => found[field]),
      idPrefix,
    );

  const saved = loadDraft(draftKey, empty);
  const typed = typedValues(form, empty());
  let draft: Draft<V> = updateDraft(saved ?? freshDraft(empty), (values) => ({
    ...values,
    ...typed,
  }));
  write(draft.values);
  // Typed before the script arrived: keep it now, not only at the next keystroke.
  if (draft !== saved && spec.hasText(draft.values)) saveDraft(draftKey, draft);

  /** The draft as the form holds it now, kept; returns its values. */
  function keep(): V {
    draft = updateDraft(draft, read());
    saveDraft(draftKey, draft);
    return draft.values;
  }
  /** The same values under a new key (another file, or the key spent on other content), kept. */
  function renew() {
    draft = renewKey(draft);
    saveDraft(draftKey, draft);
  }
  /** A state that an edit ends: the confirmation or the error goes once something changes. */
  function edited() {
    if (status === 'success' || status === 'error') show('idle');
  }

  /** The fields the draft keeps (a stored draft may carry others; only these are edits). */
  const kept = Object.keys(empty());
  form.addEventListener('input', (event) => {
    const field = (event.target as HTMLInputElement).name;
    if (!kept.includes(field)) return; // the honeypot, or a file
    keep();
    if (errors[field]) showErrors({ ...errors, [field]: undefined });
    edited();
  });

  return {
    lang,
    /** The draft this tab had kept when the script arrived, if any. */
    saved,
    /** The draft now (an edit while a send waits gives it a new key). */
    get draft() {
      return draft;
    },
    get errors() {
      return errors;
    },
    show,
    showErrors,
    focusFirst,
    keep,
    renew,
    edited,

    /** Shows the schema's messages and focuses the first; false when there are none. */
    refuse(found: FieldMessages): boolean {
      if (!Object.values(found).some(Boolean)) return false;
      showErrors(found);
      focusFirst(found);
      return true;
    },

    /**
     * After the answer: sent, the draft is dropped, the form emptied and the confirmation shown;
     * refused, everything typed stays, `messages` go under their fields (default: the server's)
     * and the line asking to send again shows when that may help. A 422 means the key was spent
     * on other content (another tab?): these values go under a new one.
     */
    settle(result: SubmitResult, messages?: FieldMessages) {
      if (result.ok) {
        removeDraft(draftKey);
        draft = freshDraft(empty);
        write(draft.values);
        showErrors({});
        confirm(result.reference, result.acknowledged);
        show('success');
        return;
      }
      showErrors(messages ?? result.fields);
      if (result.status === 422) renew();
      show('error', result.retryable || result.status === 422);
    },

    /**
     * Sends by `send` on Send, one send at a time; first says so where the form is when the page
     * is the server's answer to a refused plain post (`retry`: whether that answer may be cured by
     * sending again).
     */
    sendOnSubmit(send: () => Promise<void>, retry = false) {
      const returned = returnedFieldErrors(spec.anchor, validationText(lang).recheck);
      if (returned) {
        showErrors(returned);
        show('error', retry);
      }
      form.addEventListener('submit', (event) => {
        event.preventDefault();
        if (busy) return;
        busy = true;
        void send().finally(() => (busy = false));
      });
    },
  };
}
