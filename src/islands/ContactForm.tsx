import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import * as v from 'valibot';
import {
  ContactMessageSchema,
  CONTACT_PLACEHOLDERS,
  type ContactMessageInput,
} from '../lib/schemas/contact';
import { LIMITS, fieldErrors } from '../lib/schemas/fields';
import { TextArea, TextField } from './forms/fields';
import { Honeypot } from './forms/Honeypot';
import { useSessionDraft } from './forms/useSessionDraft';
import { useHydrated } from './forms/useHydrated';
import { focusFirstInvalid, honeypotValue, postJson, returnedFieldErrors } from './forms/submit';

type Status = 'idle' | 'sending' | 'success' | 'error';
type Errors = Partial<Record<keyof ContactMessageInput, string>>;
const FIELDS = ['email', 'name', 'message'] as const;
const empty = (): ContactMessageInput => ({ email: '', name: '', message: '' });
/** Said beside SPEC §8's error when sending again may work (503, no connection). */
const RETRY_HINT = 'What you typed is kept: please send it again in a moment.';

/**
 * The footer's contact form (SPEC §2, §4, §5, §8): idle → sending → success (fields cleared) or
 * error. Without JavaScript the same form posts to the API, which answers with a redirect.
 * A failed send keeps every value and the draft's idempotency key, so sending again after a 503
 * or a lost connection can never store the message twice.
 */
export default function ContactForm() {
  const form = useRef<HTMLFormElement>(null);
  const hydrated = useHydrated();
  const {
    values,
    setValues,
    clear: clearDraft,
    idempotencyKey,
    renewKey,
  } = useSessionDraft('contact-draft', empty);
  const [errors, setErrors] = useState<Errors>({});
  const [status, setStatus] = useState<Status>('idle');
  const [retryable, setRetryable] = useState(false);

  // Back from a plain form post the server refused: say so where the form is.
  useEffect(() => {
    const returned = returnedFieldErrors('contact-form');
    if (!returned) return;
    setErrors(returned as Errors);
    setStatus('error');
  }, []);

  const set = (field: keyof ContactMessageInput) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
    if (status === 'success' || status === 'error') setStatus('idle');
  };

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = v.safeParse(ContactMessageSchema, values);
    if (!checked.success) {
      const found = fieldErrors(checked.issues) as Errors;
      setErrors(found);
      focusFirstInvalid(
        form.current,
        FIELDS.filter((field) => found[field]),
        'contact-',
      );
      return;
    }
    setStatus('sending');
    setRetryable(false);
    const result = await postJson(
      '/api/contact',
      { ...checked.output, website: honeypotValue(form.current) },
      idempotencyKey,
    );
    if (result.ok) {
      clearDraft();
      setErrors({});
      setStatus('success');
    } else {
      setErrors(result.fields as Errors);
      setStatus('error');
      // 422: the key was spent on other content (another tab?): these values go under a new one.
      if (result.status === 422) renewKey();
      setRetryable(result.retryable || result.status === 422);
    }
  }

  const sending = status === 'sending';
  return (
    <form
      ref={form}
      id="contact"
      className="contact__form"
      method="post"
      action="/api/contact"
      noValidate={hydrated}
      onSubmit={submit}
      aria-busy={sending}
    >
      <TextField
        id="contact-email"
        name="email"
        label="Email"
        type="email"
        autoComplete="email"
        required
        maxLength={LIMITS.email}
        placeholder={CONTACT_PLACEHOLDERS.email}
        value={values.email}
        error={errors.email}
        onValue={set('email')}
      />
      <TextField
        id="contact-name"
        name="name"
        label="Name"
        autoComplete="name"
        required
        maxLength={LIMITS.name}
        placeholder={CONTACT_PLACEHOLDERS.name}
        value={values.name}
        error={errors.name}
        onValue={set('name')}
      />
      <TextArea
        id="contact-message"
        name="message"
        label="Message"
        rows={5}
        required
        maxLength={LIMITS.text}
        placeholder={CONTACT_PLACEHOLDERS.message}
        value={values.message}
        error={errors.message}
        onValue={set('message')}
      />
      <Honeypot id="contact-website" />
      <button type="submit" className="contact__submit" disabled={sending}>
        {sending ? 'Sending…' : 'Send message'}
      </button>
      <div className="form-status" role="status" aria-live="polite">
        {status === 'success' && (
          <p className="form-status__ok">
            <span aria-hidden="true">✓ </span>Message sent successfully!
          </p>
        )}
        {status === 'error' && (
          <p className="form-status__error">
            <span aria-hidden="true">✗ </span>Oops, something went wrong.
          </p>
        )}
        {status === 'error' && retryable && <p className="form-status__error">{RETRY_HINT}</p>}
      </div>
    </form>
  );
}
