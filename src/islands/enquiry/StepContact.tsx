import { LIMITS } from '../../lib/schemas/fields';
import { TextArea, TextField } from '../forms/fields';
import { fieldControls, type TextEnquiryField } from './controls';
import type { StepProps } from './types';

/** Step 1: Contact Details. */
export function StepContact(props: StepProps) {
  const { control } = fieldControls(props);
  const { optional, hints } = props.text.enquiry;
  /** A name, a title or a place: one line of at most `LIMITS.name` characters. */
  const short = (field: TextEnquiryField) => ({ ...control(field), maxLength: LIMITS.name });
  return (
    <div className="wizard__grid">
      <TextField autoComplete="name" required {...short('fullName')} />
      <TextField autoComplete="organization-title" optional={optional} {...short('designation')} />
      <TextField
        type="email"
        autoComplete="email"
        required
        maxLength={LIMITS.email}
        {...control('emailAddress')}
      />
      {/* As people write it ("+91 98470 12345", local digits too): the schema's rule decides. */}
      <TextField
        type="tel"
        autoComplete="tel"
        required
        maxLength={LIMITS.phone}
        hint={hints.phone}
        {...control('phoneNumber')}
      />
      <TextField autoComplete="country-name" required {...short('country')} />
      <TextField autoComplete="address-level1" required {...short('stateProvince')} />
      <TextField autoComplete="address-level2" required {...short('cityTownVillage')} />
      <div className="wizard__wide">
        <TextArea
          autoComplete="street-address"
          rows={3}
          optional={optional}
          maxLength={LIMITS.text}
          {...control('fullAddress')}
        />
      </div>
    </div>
  );
}
