import {
  ENQUIRY_TYPES,
  INSTITUTION_ENQUIRY,
  INSTITUTION_TYPES,
  OTHER_INSTITUTION_TYPE,
} from '../../lib/schemas/enquiry';
import { LIMITS } from '../../lib/schemas/fields';
import { CheckboxGroup, RadioGroup, TextField } from '../forms/fields';
import { fieldControls } from './controls';
import type { StepProps } from './types';

/** Step 2: Customer / Institution Profile, with the institution fields only for institutions. */
export function StepProfile(props: StepProps) {
  const { values, toggle, hydrated } = props;
  const { about, control } = fieldControls(props);
  const institution = !hydrated || values.enquiryType === INSTITUTION_ENQUIRY;
  const other =
    !hydrated || (institution && values.institutionType.includes(OTHER_INSTITUTION_TYPE));
  const onlyFor = hydrated ? undefined : 'Only for institutions, businesses and governments.';
  return (
    <div className="wizard__stack">
      <RadioGroup required options={ENQUIRY_TYPES} {...control('enquiryType')} />
      {institution && (
        <>
          <TextField
            autoComplete="organization"
            maxLength={LIMITS.name}
            hint={onlyFor}
            {...control('institutionName')}
          />
          <CheckboxGroup
            hint={hydrated ? 'Tick all that apply.' : onlyFor}
            options={INSTITUTION_TYPES}
            values={values.institutionType}
            onToggle={toggle}
            {...about('institutionType')}
          />
        </>
      )}
      {other && (
        <TextField
          hint={hydrated ? undefined : 'If you ticked Others.'}
          maxLength={LIMITS.name}
          {...control('institutionTypeOther')}
        />
      )}
    </div>
  );
}
