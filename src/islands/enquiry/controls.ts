import type { EnquiryFormValues, EnquiryWizardField } from '../../lib/schemas/enquiry';
import { fieldId, type StepProps } from './types';

/** The wizard's fields whose value is one piece of text (not the institution types' list). */
export type TextEnquiryField = {
  [F in EnquiryWizardField]: EnquiryFormValues[F] extends string ? F : never;
}[EnquiryWizardField];

/**
 * A step's controls, bound to the wizard by field name, so a step says only what differs
 * between its controls (kind, options, limits, hints).
 */
export function fieldControls({ values, errors, set, text }: StepProps) {
  /** Any field's control but its value: id, name, its label on the wizard, its error. */
  const about = (field: EnquiryWizardField) => ({
    id: fieldId(field),
    name: field,
    label: text.enquiry.labels[field],
    error: errors[field],
  });
  /** A text-valued field's control: `about` with the value and what replaces it. */
  const control = (field: TextEnquiryField) => ({
    ...about(field),
    value: values[field],
    onValue: set(field),
  });
  /** Option values as stored, each with its label in the page's language. */
  const options = (values: readonly (keyof typeof text.enquiry.options)[]) =>
    values.map((value) => ({ value, label: text.enquiry.options[value] }));
  return { about, control, options };
}
