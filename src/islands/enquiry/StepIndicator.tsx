import { ENQUIRY_STEP_TITLES } from '../../lib/schemas/enquiry';

/** "Step 1 … Step 4" with the current step marked for sight and for screen readers. */
export function StepIndicator({ current }: { current: number }) {
  return (
    <ol className="wizard__steps">
      {ENQUIRY_STEP_TITLES.map((title, index) => (
        <li
          key={title}
          className="wizard__step-marker"
          data-state={index < current ? 'done' : index === current ? 'current' : 'todo'}
          aria-current={index === current ? 'step' : undefined}
        >
          <span className="wizard__step-number">Step {index + 1}</span>
          <span className="wizard__step-title">{title}</span>
        </li>
      ))}
    </ol>
  );
}
