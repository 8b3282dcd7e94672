/**
 * What the careers application form does once it is used, loaded by application-form.ts as a
 * bundle of its own: idle → sending (button disabled) → success (fields cleared, the reference
 * shown) or error (everything typed kept, the server's messages under their fields, a refused CV
 * under the file input). It follows the contact form's behaviour (contact-form-enhance.ts) with a
 * file: the typed fields are this tab's draft (never the file, which a page cannot keep; after a
 * draft is put back the form says the CV must be attached again), and the send is the form's own
 * FormData, multipart as the plain post, by fetch with the draft's idempotency key.
 *
 * The rules are the shared schema's (ApplicationSchema) in the form's language; the CV is looked
 * at by name and size only (lib/forms/cv.ts) and judged by the server by its bytes. Every text
 * shown is in the markup (ApplicationForm.astro); the CV warnings ride on the file input's data
 * attributes, so English needs no words loaded.
 */
import * as v from 'valibot';
import { validationText } from '../i18n/forms/registry';
import { loadFormText } from '../i18n/forms/load';
import { registerApplicationMessages } from '../lib/schemas/application-messages';
import { DEFAULT_LOCALE, isLocale, type Locale } from '../i18n/locales';
import { ApplicationSchema } from '../lib/schemas/application';
import { fieldErrors } from '../lib/schemas/fields';
import { focusFirstInvalid, returnedFieldErrors } from '../lib/forms/dom';
import { blocksSending, cvWarning } from '../lib/forms/cv';
import {
  freshDraft,
  loadDraft,
  removeDraft,
  renewKey,
  saveDraft,
  updateDraft,
} from '../lib/forms/draft';
import { isRetryable, postMultipart, type SubmitResult } from '../lib/forms/submit';
import { sendAhead } from '../lib/forms/cv-parts';
import { proveOnFocus } from '../lib/proof/guard';
import { typedValues } from '../lib/forms/typed';
import {
  APPLICATION_ANCHOR,
  APPLICATION_FIELDS,
  CV_FIELD,
  draftHasText,
  emptyApplication,
  type ApplicationDraft,
} from '../lib/forms/application-draft';

type Status = 'idle' | 'sending' | 'success' | 'error';
/** Every field a message can be shown under, in the form's order. */
const MESSAGE_FIELDS = [...APPLICATION_FIELDS, CV_FIELD] as const;

/** The form's language: its `data-locale`, else the primary subtag of `<html lang>`. */
function languageOf(form: HTMLFormElement): Locale {
  const own = form.dataset['locale'];
  if (isLocale(own)) return own;
  const page = document.documentElement.lang.split('-')[0]?.toLowerCase();
  return isLocale(page) ? page : DEFAULT_LOCALE;
}

function enhanceApplicationForm(form: HTMLFormElement): void {
  const draftKey = form.dataset['draftKey']!;
  const lang = languageOf(form);
  const control = (name: string) => form.elements.namedItem(name) as HTMLInputElement;
  const file = control(CV_FIELD);
  const consent = control('consent');
  const button = form.querySelector<HTMLButtonElement>('button[type="submit"]')!;
  const sendLabel = button.textContent;
  const lines = form.querySelectorAll<HTMLElement>('[data-status]');
  const attachAgain = form.querySelector<HTMLElement>('[data-cv-again]');
  let status: Status = 'idle';
  let errors: Partial<Record<string, string>> = {};
  let busy = false;
  // This script arrives on the first focus, so the solve starts at once.
  const proof = proveOnFocus(form);

  const read = (): ApplicationDraft => ({
    name: control('name').value,
    email: control('email').value,
    phone: control('phone').value,
    location: control('location').value,
    coverNote: (form.elements.namedItem('coverNote') as HTMLTextAreaElement).value,
    consent: consent.checked,
  });
  const write = (values: ApplicationDraft) => {
    for (const field of APPLICATION_FIELDS) {
      if (field === 'consent') consent.checked = values.consent;
      else (form.elements.namedItem(field) as HTMLInputElement).value = values[field];
    }
  };

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

  /** Each field's message under it (none: cleared), wired to its control after its hint. */
  function showErrors(next: Partial<Record<string, string>>) {
    errors = next;
    for (const field of MESSAGE_FIELDS) {
      const target = form.querySelector<HTMLElement>(`#application-${field}`)!;
      const box = form.querySelector<HTMLElement>(`#application-${field}-error`)!;
      const message = errors[field];
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

  /** The words for a CV warning, as the file input carries them (`data-missing`, …). */
  function cvMessage(): { message: string | undefined; blocks: boolean } {
    const warning = cvWarning(file.files?.[0]);
    const key = warning?.replace(/-(\w)/g, (_, letter: string) => letter.toUpperCase());
    return { message: key ? file.dataset[key] : undefined, blocks: blocksSending(warning) };
  }

  // This tab's draft fills the fields; a field typed into before this script arrived keeps what
  // it holds. A draft put back has no file: say so beside the file input.
  const saved = loadDraft(draftKey, emptyApplication);
  const typed = typedValues(form, emptyApplication());
  let draft = updateDraft(saved ?? freshDraft(emptyApplication), (values) => ({
    ...values,
    ...typed,
  }));
  write(draft.values);
  if (draft !== saved && draftHasText(draft.values)) saveDraft(draftKey, draft);
  if (attachAgain && saved && draftHasText(saved.values) && !file.files?.length) {
    attachAgain.hidden = false;
  }

  form.addEventListener('input', (event) => {
    const target = event.target as HTMLInputElement;
    const field = MESSAGE_FIELDS.find((name) => name === target.name);
    if (!field) return; // the honeypot
    if (field === CV_FIELD) return; // a file is not kept: its change is handled below
    draft = updateDraft(draft, read());
    saveDraft(draftKey, draft);
    if (errors[field]) showErrors({ ...errors, [field]: undefined });
    if (status === 'success' || status === 'error') show('idle');
  });

  /** A file chosen is warned about at once (nothing said of none yet). */
  const checkFile = () => {
    const { message } = file.files?.length ? cvMessage() : { message: undefined };
    showErrors({ ...errors, [CV_FIELD]: message });
  };
  // Another file makes another submission, under a new key.
  file.addEventListener('change', () => {
    if (attachAgain) attachAgain.hidden = true;
    draft = renewKey(draft);
    saveDraft(draftKey, draft);
    checkFile();
    if (status === 'success' || status === 'error') show('idle');
  });
  // Chosen before this script arrived (its first focus may be the file input's own).
  if (file.files?.length) checkFile();

  async function send() {
    draft = updateDraft(draft, read());
    saveDraft(draftKey, draft);
    const input = { ...draft.values, opening: control('opening').value };
    const checked = v.safeParse(ApplicationSchema, input, { lang });
    const found: Partial<Record<string, string>> = checked.success
      ? {}
      : fieldErrors(checked.issues);
    const cv = cvMessage();
    if (cv.blocks) found[CV_FIELD] = cv.message;
    if (Object.values(found).some(Boolean)) {
      showErrors(found);
      focusFirstInvalid(
        form,
        MESSAGE_FIELDS.filter((field) => found[field]),
        'application-',
      );
      return;
    }
    showErrors(cv.message ? { [CV_FIELD]: cv.message } : {});
    show('sending');
    const body = new FormData(form);
    const altcha = await proof.take();
    if (altcha) body.set('altcha', altcha);
    // A CV over one part goes ahead in parts; the form carries its last piece (cv-parts.ts).
    const chosen = file.files?.[0];
    const ahead = chosen ? await sendAhead(form.action, draft.idempotencyKey, chosen) : undefined;
    if (ahead?.ok && ahead.token !== undefined) {
      body.set(CV_FIELD, ahead.last);
      body.set('cvParts', ahead.token);
      body.set('cvPartCount', String(ahead.count));
    }
    const result: SubmitResult =
      ahead && !ahead.ok
        ? {
            ok: false,
            status: ahead.status,
            fields: {},
            error: undefined,
            retryable: isRetryable(ahead.status),
          }
        : await postMultipart(form.action, body, draft.idempotencyKey);
    if (result.ok) {
      removeDraft(draftKey);
      draft = freshDraft(emptyApplication);
      write(draft.values);
      file.value = '';
      showErrors({});
      confirm(result.reference, result.acknowledged);
      show('success');
      return;
    }
    // A body too large for the platform itself (Netlify refuses over 6 MB before any function
    // runs) comes back without field messages: it can only be the CV.
    const tooLarge = result.status === 413 && !result.fields[CV_FIELD];
    const fields = tooLarge
      ? { ...result.fields, [CV_FIELD]: file.dataset['tooLargeToSend'] ?? '' }
      : result.fields;
    showErrors(fields);
    if (result.status === 422) {
      draft = renewKey(draft);
      saveDraft(draftKey, draft);
    }
    show('error', result.retryable || result.status === 422);
    focusFirstInvalid(
      form,
      MESSAGE_FIELDS.filter((field) => fields[field]),
      'application-',
    );
  }

  // Back from a plain post the server refused: say so where the form is.
  const returned = returnedFieldErrors(APPLICATION_ANCHOR, validationText(lang).recheck);
  if (returned) {
    showErrors(returned);
    show('error', new URLSearchParams(location.search).get('error') === 'unavailable');
  }

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (busy) return;
    busy = true;
    void send().finally(() => (busy = false));
  });
}

const forms = [...document.querySelectorAll<HTMLFormElement>('form[data-application-form]')];
// The schema's messages in the forms' languages first (English's are built in).
await Promise.all(
  forms
    .map((form) => languageOf(form))
    .filter((lang) => lang !== DEFAULT_LOCALE)
    .map(async (lang) =>
      registerApplicationMessages(lang, (await loadFormText(lang)).application.messages),
    ),
);
for (const form of forms) enhanceApplicationForm(form);
