/**
 * What the footer's contact form does once it is used, loaded by
 * contact-form.ts as a bundle of its own that takes over every contact form on the page: idle →
 * sending (button disabled) → success (fields cleared) or error (values kept, the server's field
 * messages under their fields). What people type is kept as this tab's draft until it is sent,
 * with the idempotency key that makes a retry after a 503 or a lost connection store it once.
 * The states, messages, draft and send are the public forms' shared behaviour
 * (lib/forms/enhance.ts); this names the fields, checks them and posts them as JSON.
 *
 * No framework: three fields and a button do not need one. The markup (ContactForm.astro) holds
 * every text and icon; this fills in messages and toggles `hidden`. The rules are the shared
 * valibot schema's, in the form's language (its `data-locale`, else the page's `<html lang>`), so
 * the browser and the API refuse the same things in the same words.
 */
import * as v from 'valibot';
import { loadFormText } from '../i18n/forms/load';
import { ContactMessageSchema } from '../lib/schemas/contact';
import { fieldErrors } from '../lib/schemas/fields';
import { honeypotValue } from '../lib/forms/dom';
import { enhanceEvery, formBehaviour } from '../lib/forms/enhance';
import { postJson } from '../lib/forms/submit';
import { proveOnFocus } from '../lib/proof/guard';

/** The form's fields in its order (src/components/sections/ContactForm.astro): the first wrong one gets the focus. */
const FIELDS = ['name', 'email', 'message'] as const;
type Field = (typeof FIELDS)[number];
type Values = Record<Field, string>;

const empty = (): Values => ({ email: '', name: '', message: '' });

function enhanceContactForm(form: HTMLFormElement): void {
  const controls = FIELDS.map(
    (field) => form.elements.namedItem(field) as HTMLInputElement | HTMLTextAreaElement,
  );
  // This script arrives on the first focus, so the solve starts at once.
  const proof = proveOnFocus(form);
  const behaviour = formBehaviour(form, {
    fields: FIELDS,
    idPrefix: 'contact-',
    anchor: 'contact-form',
    empty,
    read: () => Object.fromEntries(FIELDS.map((field, i) => [field, controls[i]!.value])) as Values,
    write: (values) => FIELDS.forEach((field, i) => (controls[i]!.value = values[field])),
    hasText: (values) => FIELDS.some((field) => values[field] !== ''),
  });
  const { lang } = behaviour;

  async function send() {
    const checked = v.safeParse(ContactMessageSchema, behaviour.keep(), { lang });
    if (!checked.success) {
      behaviour.refuse(fieldErrors(checked.issues));
      return;
    }
    behaviour.show('sending');
    const result = await postJson(
      '/api/contact',
      { ...checked.output, lang, website: honeypotValue(form), altcha: await proof.take() },
      behaviour.draft.idempotencyKey,
    );
    behaviour.settle(result);
  }

  behaviour.sendOnSubmit(send);
}

// The messages of the forms' languages first (English's are built in; another language's words
// are a chunk of their own).
await enhanceEvery('form[data-contact-form]', loadFormText, enhanceContactForm);
