import type { FormText } from '../../i18n/forms/registry';
import type {
  EnquiryErrors,
  EnquiryFormValues,
  EnquiryWizardField,
} from '../../lib/schemas/enquiry';

/** What every step of the wizard gets from it. */
export interface StepProps {
  values: EnquiryFormValues;
  errors: EnquiryErrors;
  /** Replaces a field's value (and clears its error). */
  set: (field: EnquiryWizardField) => (value: string) => void;
  /** Ticks or unticks an institution type. */
  toggle: (option: string, checked: boolean) => void;
  /** False before hydration: conditional fields are then all shown (the no-JS form). */
  hydrated: boolean;
  /** The forms' words in the page's language. */
  text: FormText;
}

/** Ids of the wizard's controls: `enquiry-<field>`. */
export const fieldId = (field: EnquiryWizardField) => `enquiry-${field}`;
