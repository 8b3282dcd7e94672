import { LIMITS } from '../../lib/schemas/fields';
import { TextArea, TextField } from '../forms/fields';
import { fieldId, type StepProps } from './types';

/** Step 1: Contact Details. */
export function StepContact({ values, errors, set }: StepProps) {
  const text = (
    field: 'fullName' | 'designation' | 'country' | 'stateProvince' | 'cityTownVillage',
  ) => ({
    id: fieldId(field),
    name: field,
    value: values[field],
    error: errors[field],
    onValue: set(field),
    maxLength: LIMITS.name,
  });
  return (
    <div className="wizard__grid">
      <TextField label="Full Name" autoComplete="name" required {...text('fullName')} />
      <TextField
        label="Designation"
        autoComplete="organization-title"
        optional
        {...text('designation')}
      />
      <TextField
        id={fieldId('emailAddress')}
        name="emailAddress"
        label="Email Address"
        type="email"
        autoComplete="email"
        required
        maxLength={LIMITS.email}
        value={values.emailAddress}
        error={errors.emailAddress}
        onValue={set('emailAddress')}
      />
      <TextField
        id={fieldId('phoneNumber')}
        name="phoneNumber"
        label="Phone Number"
        type="tel"
        inputMode="numeric"
        autoComplete="tel"
        required
        minLength={10}
        maxLength={LIMITS.phone}
        pattern="[0-9]{10,}"
        hint="Digits only, at least 10, with the country code if outside India."
        value={values.phoneNumber}
        error={errors.phoneNumber}
        onValue={set('phoneNumber')}
      />
      <TextField label="Country" autoComplete="country-name" required {...text('country')} />
      <TextField
        label="State / Province"
        autoComplete="address-level1"
        required
        {...text('stateProvince')}
      />
      <TextField
        label="City / Town / Village"
        autoComplete="address-level2"
        required
        {...text('cityTownVillage')}
      />
      <div className="wizard__wide">
        <TextArea
          id={fieldId('fullAddress')}
          name="fullAddress"
          label="Full Address"
          autoComplete="street-address"
          rows={3}
          optional
          maxLength={LIMITS.text}
          value={values.fullAddress}
          error={errors.fullAddress}
          onValue={set('fullAddress')}
        />
      </div>
    </div>
  );
}
