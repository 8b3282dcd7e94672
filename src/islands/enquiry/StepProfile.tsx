import {
  ENQUIRY_TYPES,
  INSTITUTION_ENQUIRY,
  INSTITUTION_TYPES,
  OTHER_INSTITUTION_TYPE,
} from '../../lib/schemas/enquiry';
import { LIMITS } from '../../lib/schemas/fields';
import { CheckboxGroup, RadioGroup, TextField } from '../forms/fields';
import { fieldId, type StepProps } from './types';

/** Step 2: Customer / Institution Profile, with the institution fields only for institutions. */
export function StepProfile({ values, errors, set, toggle, hydrated }: StepProps) {
  const institution = !hydrated || values.enquiryType === INSTITUTION_ENQUIRY;
  const other =
    !hydrated || (institution && values.institutionType.includes(OTHER_INSTITUTION_TYPE));
  const onlyFor = hydrated ? undefined : 'Only for institutions, businesses and governments.';
  return (
    <div className="wizard__stack">
      <RadioGroup
        id={fieldId('enquiryType')}
        name="enquiryType"
        label="Enquiry Type"
        required
        options={ENQUIRY_TYPES}
        value={values.enquiryType}
        error={errors.enquiryType}
        onValue={set('enquiryType')}
      />
      {institution && (
        <>
          <TextField
            id={fieldId('institutionName')}
            name="institutionName"
            label="Institution Name"
            autoComplete="organization"
            maxLength={LIMITS.name}
            hint={onlyFor}
            value={values.institutionName}
            error={errors.institutionName}
            onValue={set('institutionName')}
          />
          <CheckboxGroup
            id={fieldId('institutionType')}
            name="institutionType"
            label="Institution Type"
            hint={hydrated ? 'Tick all that apply.' : onlyFor}
            options={INSTITUTION_TYPES}
            values={values.institutionType}
            error={errors.institutionType}
            onToggle={toggle}
          />
        </>
      )}
      {other && (
        <TextField
          id={fieldId('institutionTypeOther')}
          name="institutionTypeOther"
          label="Please specify"
          hint={hydrated ? undefined : 'If you ticked Others.'}
          maxLength={LIMITS.name}
          value={values.institutionTypeOther}
          error={errors.institutionTypeOther}
          onValue={set('institutionTypeOther')}
        />
      )}
    </div>
  );
}
