/**
 * What the footer's contact form does once it is used, loaded by
 * contact-form.ts as a bundle of its own that takes over every contact form on the page: idle →
 * sending (button disabled) → success (fields cleared) or error (values kept, the server's field
 * messages under their fields). What people type is kept as this tab's draft until it is sent,
 * with the idempotency key that makes a retry after a 503 or a lost connection store it once.
 *
 * No framework: three fields and a button do not need one. The markup (ContactForm.astro) holds
 * every text and icon; this fills in messages and toggles `hidden`. The rules are the shared
 * valibot schema's, in the form's language (its `data-locale`, else the page's `<html lang>`), so
 * the browser and the API refuse the same things in the same words.
 */
import * as v from 'valibot';
import { validationText } from '../i18n/forms/registry';
import { loadFormText } from '../i18n/forms/load';
import { DEFAULT_LOCALE, isLocale, type Locale } from '../i18n/locales';
import { ContactMessageSchema } from '../lib/schemas/contact';
import { fieldErrors } from '../lib/schemas/fields';
import { focusFirstInvalid, honeypotValue, returnedFieldErrors } from '../lib/forms/dom';
import {
  freshDraft,
  loadDraft,
  removeDraft,
  renewKey,
  saveDraft,
  updateDraft,
} from '../lib/forms/draft';
import { postJson } from '../lib/forms/submit';
import { proveOnFocus } from '../lib/proof/guard';
import { typedValues } from '../lib/forms/typed';

/** The form's fields in its order (src/components/sections/ContactForm.astro): the first wrong one gets the focus. */
const FIELDS = ['name', 'email', 'message'] as const;
type Field = (typeof FIELDS)[number];
type Values = Record<Field, string>;
type Status = 'idle' | 'sending' | 'success' | 'error';

const empty = (): Values => ({ email: '', name: '', message: '' });

/** The form's language: its `data-locale`, else the primary subtag of `<html lang>` (`ml-IN`). */
function languageOf(form: HTMLFormElement): Locale {
  const own = form.dataset['locale'];
  if (isLocale(own)) return own;
  const page = document.documentElement.lang.split('-')[0]?.toLowerCase();
  return isLocale(page) ? page : DEFAULT_LOCALE;
}

function enhanceContactForm(form: HTMLFormElement): void {
  const draftKey = form.dataset['draftKey']!;
  const lang = languageOf(form);
  const controls = FIELDS.map(
    (field) => form.elements.namedItem(field) as HTMLInputElement | HTMLTextAreaElement,
  );
  const button = form.querySelector<HTMLButtonElement>('button[type="submit"]')!;
  const sendLabel = button.textContent;
  const lines = form.querySelectorAll<HTMLElement>('[data-status]');
  let status: Status = 'idle';
  let errors: Partial<Record<string, string>> = {};
  /** From the press of Send to the answer: one send at a time. */
  let busy = false;
  // This script arrives on the first focus, so the solve starts at once.
  const proof = proveOnFocus(form);

  const read = () =>
    Object.fromEntries(FIELDS.map((field, i) => [field, controls[i]!.value])) as Values;
  const write = (values: Values) =>
    FIELDS.forEach((field, i) => (controls[i]!.value = values[field]));

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

  /** Each field's message under it (none: cleared), wired to the control for screen readers. */
  function showErrors(next: Partial<Record<string, string>>) {
    errors = next;
    FIELDS.forEach((field, i) => {
      const control = controls[i]!;
      const box = form.querySelector<HTMLElement>(`#${control.id}-error`)!;
      const message = errors[field];
      // The first child is the icon, kept; the text after it is replaced.
      box.replaceChildren(box.firstElementChild!, message ?? '');
      box.hidden = !message;
      if (message) {
        control.setAttribute('aria-invalid', 'true');
        control.setAttribute('aria-describedby', box.id);
      } else {
        control.removeAttribute('aria-invalid');
        control.removeAttribute('aria-describedby');
      }
    });
  }

  // This tab's draft fills the fields, but a field typed into (or autofilled) before this script
  // arrived keeps what it holds: typed now wins over typed in an earlier visit.
  const saved = loadDraft(draftKey, empty);
  const typed = typedValues(form, empty());
  let draft = updateDraft(saved ?? freshDraft(empty), (values) => ({ ...values, ...typed }));
  write(draft.values);
  // Typed before this script arrived: keep it now, not only at the next keystroke.
  if (draft !== saved && FIELDS.some((field) => draft.values[field] !== '')) {
    saveDraft(draftKey, draft);
  }

  form.addEventListener('input', (event) => {
    const field = FIELDS[controls.indexOf(event.target as HTMLInputElement)];
    if (!field) return; // the honeypot
    draft = updateDraft(draft, read());
    saveDraft(draftKey, draft);
    if (errors[field]) showErrors({ ...errors, [field]: undefined });
    if (status === 'success' || status === 'error') show('idle');
  });

  async function send() {
    draft = updateDraft(draft, read());
    saveDraft(draftKey, draft);
    const checked = v.safeParse(ContactMessageSchema, draft.values, { lang });
    if (!checked.success) {
      const found = fieldErrors(checked.issues);
      showErrors(found);
      focusFirstInvalid(
        form,
        FIELDS.filter((field) => found[field]),
        'contact-',
      );
      return;
    }
    show('sending');
    const result = await postJson(
      '/api/contact',
      { ...checked.output, lang, website: honeypotValue(form), altcha: await proof.take() },
      draft.idempotencyKey,
    );
    if (result.ok) {
      removeDraft(draftKey);
      draft = freshDraft(empty);
      write(draft.values);
      showErrors({});
      confirm(result.reference, result.acknowledged);
      show('success');
      return;
    }
    showErrors(result.fields);
    // 422: the key was spent on other content (another tab?): these values go under a new one.
    if (result.status === 422) {
      draft = renewKey(draft);
      saveDraft(draftKey, draft);
    }
    show('error', result.retryable || result.status === 422);
  }

  // Back from a plain post the server refused: say so where the form is.
  const returned = returnedFieldErrors('contact-form', validationText(lang).recheck);
  if (returned) {
    showErrors(returned);
    show('error');
  }

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (busy) return;
    busy = true;
    void send().finally(() => (busy = false));
  });
}

const forms = [...document.querySelectorAll<HTMLFormElement>('form[data-contact-form]')];
// The messages of the forms' languages first (English's are built in; another language's words
// are a chunk of their own).
await Promise.all(
  forms
    .map((form) => languageOf(form))
    .filter((lang) => lang !== DEFAULT_LOCALE)
    .map(loadFormText),
);
for (const form of forms) enhanceContactForm(form);
