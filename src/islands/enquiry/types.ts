import type { EnquiryErrors, EnquiryField, EnquiryFormValues } from '../../lib/schemas/enquiry';

/** What every step of the wizard gets from it. */
export interface StepProps {
  values: EnquiryFormValues;
  errors: EnquiryErrors;
  /** Replaces a field's value (and clears its error). */
  set: (field: EnquiryField) => (value: string) => void;
  /** Ticks or unticks an institution type. */
  toggle: (option: string, checked: boolean) => void;
  /** False before hydration: conditional fields are then all shown (the no-JS form). */
  hydrated: boolean;
}

/** Ids of the wizard's controls: `enquiry-<field>`. */
export const fieldId = (field: EnquiryField) => `enquiry-${field}`;
