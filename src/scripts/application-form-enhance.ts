/**
 * What the careers application form does once it is used, loaded by application-form.ts as a
 * bundle of its own: idle → sending (button disabled) → success (fields cleared, the reference
 * shown) or error (everything typed kept, the server's messages under their fields, a refused CV
 * under the file input). It follows the contact form's behaviour (contact-form-enhance.ts) with a
 * file: the typed fields are this tab's draft (never the file, which a page cannot keep; after a
 * draft is put back the form says the CV must be attached again), and the send is the form's own
 * FormData, multipart as the plain post, by fetch with the draft's idempotency key. The states,
 * messages, draft and send are the public forms' shared behaviour (lib/forms/enhance.ts); this
 * adds the file: its warnings, its key, its parts and the platform's refusal of a large body.
 *
 * The rules are the shared schema's (ApplicationSchema) in the form's language; the CV is looked
 * at by name and size only (lib/forms/cv.ts) and judged by the server by its bytes. Every text
 * shown is in the markup (ApplicationForm.astro); the CV warnings ride on the file input's data
 * attributes, so English needs no words loaded.
 */
import * as v from 'valibot';
import { loadFormText } from '../i18n/forms/load';
import { registerApplicationMessages } from '../lib/schemas/application-messages';
import { ApplicationSchema } from '../lib/schemas/application';
import { fieldErrors } from '../lib/schemas/fields';
import { blocksSending, cvWarning } from '../lib/forms/cv';
import { enhanceEvery, formBehaviour, type FieldMessages } from '../lib/forms/enhance';
import { isRetryable, postMultipart, type SubmitResult } from '../lib/forms/submit';
import { sendAhead } from '../lib/forms/cv-parts';
import { proveOnFocus } from '../lib/proof/guard';
import {
  APPLICATION_ANCHOR,
  APPLICATION_FIELDS,
  CV_FIELD,
  draftHasText,
  emptyApplication,
  type ApplicationDraft,
} from '../lib/forms/application-draft';

/** Every field a message can be shown under, in the form's order. */
const MESSAGE_FIELDS = [...APPLICATION_FIELDS, CV_FIELD] as const;

function enhanceApplicationForm(form: HTMLFormElement): void {
  const control = (name: string) => form.elements.namedItem(name) as HTMLInputElement;
  const file = control(CV_FIELD);
  const consent = control('consent');
  const attachAgain = form.querySelector<HTMLElement>('[data-cv-again]');
  // This script arrives on the first focus, so the solve starts at once.
  const proof = proveOnFocus(form);

  const behaviour = formBehaviour(form, {
    fields: MESSAGE_FIELDS,
    idPrefix: 'application-',
    anchor: APPLICATION_ANCHOR,
    empty: emptyApplication,
    read: (): ApplicationDraft => ({
      name: control('name').value,
      email: control('email').value,
      phone: control('phone').value,
      location: control('location').value,
      coverNote: (form.elements.namedItem('coverNote') as HTMLTextAreaElement).value,
      consent: consent.checked,
    }),
    write: (values) => {
      for (const field of APPLICATION_FIELDS) {
        if (field === 'consent') consent.checked = values.consent;
        else (form.elements.namedItem(field) as HTMLInputElement).value = values[field];
      }
    },
    hasText: draftHasText,
  });
  const { lang, saved } = behaviour;
  // A draft put back has no file: say so beside the file input.
  if (attachAgain && saved && draftHasText(saved.values) && !file.files?.length) {
    attachAgain.hidden = false;
  }

  /** The words for a CV warning, as the file input carries them (`data-missing`, …). */
  function cvMessage(): { message: string | undefined; blocks: boolean } {
    const warning = cvWarning(file.files?.[0]);
    const key = warning?.replace(/-(\w)/g, (_, letter: string) => letter.toUpperCase());
    return { message: key ? file.dataset[key] : undefined, blocks: blocksSending(warning) };
  }

  /** A file chosen is warned about at once (nothing said of none yet). */
  const checkFile = () => {
    const { message } = file.files?.length ? cvMessage() : { message: undefined };
    behaviour.showErrors({ ...behaviour.errors, [CV_FIELD]: message });
  };
  // Another file makes another submission, under a new key.
  file.addEventListener('change', () => {
    if (attachAgain) attachAgain.hidden = true;
    behaviour.renew();
    checkFile();
    behaviour.edited();
  });
  // Chosen before this script arrived (its first focus may be the file input's own).
  if (file.files?.length) checkFile();

  async function send() {
    const input = { ...behaviour.keep(), opening: control('opening').value };
    const checked = v.safeParse(ApplicationSchema, input, { lang });
    const found: FieldMessages = checked.success ? {} : fieldErrors(checked.issues);
    const cv = cvMessage();
    if (cv.blocks) found[CV_FIELD] = cv.message;
    if (behaviour.refuse(found)) return;
    behaviour.showErrors(cv.message ? { [CV_FIELD]: cv.message } : {});
    behaviour.show('sending');
    const body = new FormData(form);
    const altcha = await proof.take();
    if (altcha) body.set('altcha', altcha);
    // A CV over one part goes ahead in parts; the form carries its last piece (cv-parts.ts).
    const chosen = file.files?.[0];
    const ahead = chosen
      ? await sendAhead(form.action, behaviour.draft.idempotencyKey, chosen)
      : undefined;
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
        : await postMultipart(form.action, body, behaviour.draft.idempotencyKey);
    if (result.ok) {
      behaviour.settle(result);
      file.value = '';
      return;
    }
    // A body too large for the platform itself (Netlify refuses over 6 MB before any function
    // runs) comes back without field messages: it can only be the CV.
    const tooLarge = result.status === 413 && !result.fields[CV_FIELD];
    const fields = tooLarge
      ? { ...result.fields, [CV_FIELD]: file.dataset['tooLargeToSend'] ?? '' }
      : result.fields;
    behaviour.settle(result, fields);
    behaviour.focusFirst(fields);
  }

  // Back from a plain post the server refused: say so where the form is.
  behaviour.sendOnSubmit(send, new URLSearchParams(location.search).get('error') === 'unavailable');
}

// The schema's messages in the forms' languages first (English's are built in).
await enhanceEvery(
  'form[data-application-form]',
  async (lang) =>
    registerApplicationMessages(lang, (await loadFormText(lang)).application.messages),
  enhanceApplicationForm,
);
