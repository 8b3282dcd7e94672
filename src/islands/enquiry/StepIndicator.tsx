import { fill, type FormText } from '../../i18n/forms/registry';

/** "Step 1 … Step 4" with the current step marked for sight and for screen readers. */
export function StepIndicator({ current, text }: { current: number; text: FormText }) {
  const { steps, stepNumber } = text.enquiry;
  return (
    <ol className="wizard__steps">
      {steps.map((title, index) => (
        <li
          key={title}
          className="wizard__step-marker"
          data-state={index < current ? 'done' : index === current ? 'current' : 'todo'}
          aria-current={index === current ? 'step' : undefined}
        >
          <span className="wizard__step-number">{fill(stepNumber, { step: index + 1 })}</span>
          <span className="wizard__step-title">{title}</span>
        </li>
      ))}
    </ol>
  );
}
