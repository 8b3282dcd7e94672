import {
  ENQUIRY_FORM_LABELS,
  type EnquiryField,
  type EnquiryFormValues,
} from '../../lib/schemas/enquiry';
import { fieldId, type StepProps } from './types';

/** The wizard's fields whose value is one piece of text (not the institution types' list). */
export type TextEnquiryField = {
  [F in EnquiryField]: EnquiryFormValues[F] extends string ? F : never;
}[EnquiryField];

/**
 * A step's controls, bound to the wizard by field name, so a step says only what differs
 * between its controls (kind, options, limits, hints).
 */
export function fieldControls({ values, errors, set }: StepProps) {
  /** Any field's control but its value: id, name, its label on the wizard, its error. */
  const about = (field: EnquiryField) => ({
    id: fieldId(field),
    name: field,
    label: ENQUIRY_FORM_LABELS[field],
    error: errors[field],
  });
  /** A text-valued field's control: `about` with the value and what replaces it. */
  const control = (field: TextEnquiryField) => ({
    ...about(field),
    value: values[field],
    onValue: set(field),
  });
  return { about, control };
}
