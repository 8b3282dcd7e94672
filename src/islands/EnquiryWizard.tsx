import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { animate } from 'motion/mini';
import {
  ENQUIRY_STEP_FIELDS,
  ENQUIRY_STEP_TITLES,
  emptyEnquiryValues,
  validateStep,
  type EnquiryErrors,
  type EnquiryField,
  type EnquiryStep,
} from '../lib/schemas/enquiry';
import { Honeypot } from './forms/Honeypot';
import { useHydrated } from './forms/useHydrated';
import { useSessionDraft } from './forms/useSessionDraft';
import { focusFirstInvalid, honeypotValue, returnedFieldErrors } from '../lib/forms/dom';
import { postJson } from '../lib/forms/submit';
import { StepIndicator } from './enquiry/StepIndicator';
import { StepContact } from './enquiry/StepContact';
import { StepProfile } from './enquiry/StepProfile';
import { StepRequirement } from './enquiry/StepRequirement';
import { StepSite } from './enquiry/StepSite';
import type { StepProps } from './enquiry/types';

type Status = 'none' | 'submitting' | 'success' | 'error';
const STEPS = [StepContact, StepProfile, StepRequirement, StepSite] as const;
const LAST: EnquiryStep = 3;
const ERROR_BANNER =
  'There was an error submitting your enquiry. Please correct the highlighted fields and try again.';
/** Said below the error banner when submitting again may work (503, no connection). */
const RETRY_HINT = 'Your answers are kept: please submit the enquiry again in a moment.';

/** The step of the first field with an error, in form order. */
function firstStepWithError(errors: EnquiryErrors): EnquiryStep | undefined {
  const index = ENQUIRY_STEP_FIELDS.findIndex((fields) => fields.some((field) => errors[field]));
  return index === -1 ? undefined : (index as EnquiryStep);
}

/**
 * The four-step Generator Enquiry Form. Each step validates on Next and
 * on submit; what people type is kept as a draft in this tab until the enquiry is sent, with
 * the idempotency key that makes a retry after a 503 or a lost connection store it only once.
 * Before hydration (or without JavaScript) it is one long form that posts to the API.
 */
export default function EnquiryWizard() {
  const form = useRef<HTMLFormElement>(null);
  const hydrated = useHydrated();
  const {
    values,
    setValues,
    clear: clearDraft,
    idempotencyKey,
    renewKey,
  } = useSessionDraft('enquiry-draft', emptyEnquiryValues);
  const [step, setStep] = useState<EnquiryStep>(0);
  const [errors, setErrors] = useState<EnquiryErrors>({});
  const [status, setStatus] = useState<Status>('none');
  const [retryable, setRetryable] = useState(false);
  const done = useRef<HTMLDivElement>(null);

  // Back from a plain form post the server refused: show the banner and the step at fault.
  useEffect(() => {
    const returned = returnedFieldErrors('enquiry') as EnquiryErrors | null;
    if (!returned) return;
    setErrors(returned);
    setStatus('error');
    setStep(firstStepWithError(returned) ?? 0);
  }, []);

  // After sending, the confirmation takes the focus so it is read out and in view.
  useEffect(() => {
    if (status === 'success') done.current?.focus();
  }, [status]);

  const clearError = (field: EnquiryField) =>
    setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));
  const set = (field: EnquiryField) => (value: string) => {
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
      if (fieldset && !still) {
        animate(
          fieldset,
          { opacity: [0, 1], transform: ['translateY(0.75rem)', 'none'] },
          { duration: 0.3, ease: 'easeOut' },
        );
      }
      fieldset?.querySelector<HTMLElement>('legend')?.focus({ preventScroll: true });
    });
  }

  /** Runs the step's rules; shows and focuses the errors when there are any. */
  function checkStep(current: EnquiryStep): boolean {
    const found = validateStep(current, values);
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
      { ...values, website: honeypotValue(form.current) },
      idempotencyKey,
    );
    if (result.ok) {
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
          <span aria-hidden="true">✓ </span>Enquiry Sent!
        </p>
        <p>We will get back to you shortly.</p>
        <button type="button" className="button-primary" onClick={() => setStatus('none')}>
          Submit another enquiry
        </button>
      </div>
    );
  }

  const stepProps: StepProps = { values, errors, set, toggle, hydrated };
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
      aria-busy={submitting}
    >
      <StepIndicator current={step} />
      {status === 'error' && (
        <p className="wizard__banner" role="alert">
          {ERROR_BANNER}
        </p>
      )}
      {status === 'error' && retryable && (
        <p className="wizard__banner" role="status">
          {RETRY_HINT}
        </p>
      )}
      {STEPS.map((Step, index) => (
        <fieldset
          key={ENQUIRY_STEP_TITLES[index]}
          className="wizard__step"
          data-step={index}
          disabled={hydrated && index !== step}
        >
          <legend tabIndex={-1}>
            <span className="wizard__legend-step">Step {index + 1} of 4: </span>
            {ENQUIRY_STEP_TITLES[index]}
          </legend>
          <Step {...stepProps} />
        </fieldset>
      ))}
      <Honeypot id="enquiry-website" />
      <div className="wizard__nav">
        <button
          type="button"
          className="button-secondary wizard__back"
          onClick={() => step > 0 && goTo((step - 1) as EnquiryStep)}
          disabled={step === 0 || submitting}
        >
          Back
        </button>
        <button type="submit" className="button-primary wizard__next" disabled={submitting}>
          Next
        </button>
        <button type="submit" className="button-primary wizard__submit" disabled={submitting}>
          {submitting ? 'Submitting...' : 'Submit Enquiry'}
        </button>
      </div>
    </form>
  );
}
