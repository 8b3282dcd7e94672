import { useEffect, useLayoutEffect, useRef, useState, type SubmitEvent } from 'react';
import { fill, registerFormText, type FormText } from '../i18n/forms/registry';
import { DEFAULT_LOCALE, type Locale } from '../i18n/locales';
import {
  ENQUIRY_STEP_FIELDS,
  emptyEnquiryValues,
  validateStep,
  type EnquiryErrors,
  type EnquiryStep,
  type EnquiryWizardField,
} from '../lib/schemas/enquiry';
import { Honeypot } from './forms/Honeypot';
import { useHydrated } from './forms/useHydrated';
import { useSessionDraft } from './forms/useSessionDraft';
import { focusFirstInvalid, honeypotValue, returnedFieldErrors } from '../lib/forms/dom';
import { draftKey } from '../lib/forms/draft';
import { readSession, resumeStep, writeSession } from '../lib/forms/resume-step';
import { holdUntil, replayEarlySubmit } from '../lib/forms/early-submit';
import { typedValues } from '../lib/forms/typed';
import { postJson } from '../lib/forms/submit';
import type { FormProof } from '../lib/proof/guard';
import { proveOnFirstFocus } from '../lib/proof/on-first-focus';
import { StepIndicator } from './enquiry/StepIndicator';
import { StepContact } from './enquiry/StepContact';
import { StepProfile } from './enquiry/StepProfile';
import { StepRequirement } from './enquiry/StepRequirement';
import { StepSite } from './enquiry/StepSite';
import { useFunnelReport } from './enquiry/useFunnelReport';
import type { StepProps } from './enquiry/types';

type Status = 'none' | 'submitting' | 'success' | 'error';
const STEPS = [StepContact, StepProfile, StepRequirement, StepSite] as const;
const LAST: EnquiryStep = 3;

/** The step of the first field with an error, in form order. */
function firstStepWithError(errors: EnquiryErrors): EnquiryStep | undefined {
  const index = ENQUIRY_STEP_FIELDS.findIndex((fields) => fields.some((field) => errors[field]));
  return index === -1 ? undefined : (index as EnquiryStep);
}

interface Props {
  /** The page's language: the wizard's words, its messages and the enquiry's `lang`. */
  locale?: Locale;
  /**
   * Its words in its language, from the page (EnquirySection.astro): the island's bundle carries
   * no language's words.
   */
  text: FormText;
  /** What happens next, in the page's language: the acknowledgement e-mail's words (lib/leads). */
  nextSteps: string;
}

/** What the server answered a sent enquiry with: shown in the confirmation. */
interface Sent {
  reference: string | undefined;
  acknowledged: boolean;
}

/**
 * The four-step Generator Enquiry Form, in the page's language. Each step validates on Next and
 * on submit; what people type is kept as a draft in this tab (one per language) until the
 * enquiry is sent, with the idempotency key that makes a retry after a 503 or a lost connection
 * store it only once. Before hydration (or without JavaScript) it is one long form that posts to
 * the API, with the language in a hidden field; with scripts the server's HTML already shows the
 * first step alone (forms.css), and what is typed there before hydration is adopted, not wiped
 * (useSessionDraft's `adopt`); a press of Next before then is held and replayed (early-submit.ts).
 */
export default function EnquiryWizard({ locale = DEFAULT_LOCALE, text, nextSteps }: Props) {
  // The schemas' messages in this language (formText, validationText) come from these words.
  registerFormText(locale, text);
  const words = text.enquiry;
  const form = useRef<HTMLFormElement>(null);
  const hydrated = useHydrated();
  const key = draftKey('enquiry-draft', locale);
  const {
    values,
    setValues,
    clear: clearDraft,
    idempotencyKey,
    renewKey,
  } = useSessionDraft(key, emptyEnquiryValues, () =>
    typedValues(form.current, emptyEnquiryValues()),
  );
  const [step, setStep] = useState<EnquiryStep>(0);
  const [answer, setAnswer] = useState<Sent>({ reference: undefined, acknowledged: false });
  const stepKey = `${key}:step`;
  const stepRestored = useRef(false);

  // After a reload, the step the visitor was on (kept beside the draft, in this tab only).
  useLayoutEffect(() => {
    setStep(resumeStep(readSession(stepKey), LAST) as EnquiryStep);
    stepRestored.current = true;
  }, [stepKey]);

  useEffect(() => {
    if (stepRestored.current) writeSession(stepKey, String(step));
  }, [stepKey, step]);
  const [errors, setErrors] = useState<EnquiryErrors>({});
  const [status, setStatus] = useState<Status>('none');
  const [retryable, setRetryable] = useState(false);
  const done = useRef<HTMLDivElement>(null);
  const proof = useRef<FormProof>(undefined);
  const sent = status === 'success';
  const funnel = useFunnelReport(step, hydrated, locale, sent);

  // Proof of work from the first focus in the form (a new form after a sent one: a new proof).
  useEffect(() => {
    if (!sent && form.current) proof.current = proveOnFirstFocus(form.current);
  }, [sent]);

  // Back from a plain form post the server refused: show the banner and the step at fault.
  useEffect(() => {
    const returned = returnedFieldErrors(
      'enquiry',
      text.validation.recheck,
    ) as EnquiryErrors | null;
    if (!returned) return;
    setErrors(returned);
    setStatus('error');
    setStep(firstStepWithError(returned) ?? 0);
  }, [text]);

  // A press of Next or Submit made before hydration (held by BaseLayout's first script).
  useEffect(() => {
    if (hydrated) replayEarlySubmit(form.current);
  }, [hydrated]);

  // After sending, the confirmation takes the focus so it is read out and in view.
  useEffect(() => {
    if (status === 'success') done.current?.focus();
  }, [status]);

  const clearError = (field: EnquiryWizardField) =>
    setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));
  const set = (field: EnquiryWizardField) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    clearError(field);
  };
  const toggle = (option: string, checked: boolean) => {
    setValues((current) => ({
      ...current,
      institutionType: checked
        ? [...current.institutionType.filter((type) => type !== option), option]
        : current.institutionType.filter((type) => type !== option),
    }));
    clearError('institutionType');
  };

  /**
   * Shows another step: scrolls the form's top into view, eases the step in (0.3 s;
   * not under reduced motion) and puts the focus on its heading.
   */
  function goTo(next: EnquiryStep) {
    setStep(next);
    requestAnimationFrame(() => {
      const still = matchMedia('(prefers-reduced-motion: reduce)').matches;
      form.current?.scrollIntoView({ block: 'start', behavior: still ? 'auto' : 'smooth' });
      const fieldset = form.current?.querySelector<HTMLElement>(`[data-step="${next}"]`);
      // The browser's own Web Animations: no animation library in the island's chunk.
      if (fieldset && !still) {
        fieldset.animate(
          { opacity: [0, 1], transform: ['translateY(0.75rem)', 'none'] },
          { duration: 300, easing: 'ease-out' },
        );
      }
      fieldset?.querySelector<HTMLElement>('legend')?.focus({ preventScroll: true });
    });
  }

  /** Runs the step's rules; shows and focuses the errors when there are any. */
  function checkStep(current: EnquiryStep): boolean {
    const found = validateStep(current, values, locale);
    if (Object.keys(found).length === 0) return true;
    setErrors(found);
    requestAnimationFrame(() =>
      focusFirstInvalid(
        form.current,
        ENQUIRY_STEP_FIELDS[current].filter((field) => found[field]),
        'enquiry-',
      ),
    );
    return false;
  }

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (step !== LAST) {
      if (checkStep(step)) goTo((step + 1) as EnquiryStep);
      return;
    }
    setRetryable(false);
    if (!checkStep(step)) {
      setStatus('error');
      return;
    }
    setStatus('submitting');
    const result = await postJson(
      '/api/enquiries',
      {
        ...values,
        lang: locale,
        website: honeypotValue(form.current),
        altcha: await proof.current?.take(),
      },
      idempotencyKey,
    );
    if (result.ok) {
      funnel.sent();
      setAnswer({ reference: result.reference, acknowledged: result.acknowledged });
      clearDraft();
      setErrors({});
      setStep(0);
      setStatus('success');
      return;
    }
    // The server checks every step: show its messages where they belong.
    const serverErrors = result.fields as EnquiryErrors;
    setErrors(serverErrors);
    setStatus('error');
    // 422: the key was spent on other content (another tab?): these values go under a new one.
    if (result.status === 422) renewKey();
    setRetryable(result.retryable || result.status === 422);
    const errorStep = firstStepWithError(serverErrors);
    if (errorStep !== undefined && errorStep !== step) setStep(errorStep);
    if (errorStep !== undefined) {
      requestAnimationFrame(() =>
        focusFirstInvalid(
          form.current,
          ENQUIRY_STEP_FIELDS[errorStep].filter((field) => serverErrors[field]),
          'enquiry-',
        ),
      );
    }
  }

  if (status === 'success') {
    return (
      <div ref={done} className="wizard wizard--done" role="status" tabIndex={-1}>
        <p className="wizard__done-title">
          <span aria-hidden="true">✓ </span>
          {words.sent}
        </p>
        <p>{words.sentText}</p>
        {answer.reference && (
          <p className="wizard__reference">
            {text.confirmation.reference}{' '}
            <bdi dir="ltr" data-reference>
              {answer.reference}
            </bdi>
          </p>
        )}
        <p>{nextSteps}</p>
        {answer.acknowledged && <p data-acknowledged>{text.confirmation.acknowledged}</p>}
        <button type="button" className="button-primary" onClick={() => setStatus('none')}>
          {words.another}
        </button>
      </div>
    );
  }

  const stepProps: StepProps = { values, errors, set, toggle, hydrated, text };
  const submitting = status === 'submitting';
  return (
    <form
      ref={form}
      id="enquiry-form"
      className="wizard"
      method="post"
      action="/api/enquiries"
      noValidate={hydrated}
      onSubmit={submit}
      data-current-step={step}
      {...holdUntil(hydrated)}
      aria-busy={submitting}
    >
      <StepIndicator current={step} text={text} />
      {status === 'error' && (
        <p className="wizard__banner" role="alert">
          {words.errorBanner}
        </p>
      )}
      {status === 'error' && retryable && (
        <p className="wizard__banner" role="status">
          {words.retry}
        </p>
      )}
      {STEPS.map((Step, index) => (
        <fieldset
          key={index}
          className="wizard__step"
          data-step={index}
          disabled={hydrated && index !== step}
        >
          <legend tabIndex={-1}>
            <span className="wizard__legend-step">
              {fill(words.stepOf, { step: index + 1, total: STEPS.length })}
            </span>
            {words.steps[index]}
          </legend>
          <Step {...stepProps} />
        </fieldset>
      ))}
      <input type="hidden" name="lang" value={locale} />
      <Honeypot id="enquiry-website" label={text.honeypot} />
      <div className="wizard__nav">
        {step > 0 && (
          <button
            type="button"
            className="button-secondary wizard__back"
            onClick={() => goTo((step - 1) as EnquiryStep)}
            disabled={submitting}
          >
            {words.back}
          </button>
        )}
        <button type="submit" className="button-primary wizard__next" disabled={submitting}>
          {words.next}
        </button>
        <button type="submit" className="button-primary wizard__submit" disabled={submitting}>
          {submitting ? words.submitting : words.submit}
        </button>
      </div>
    </form>
  );
}
