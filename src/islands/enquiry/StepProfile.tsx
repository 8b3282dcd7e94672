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
  const { hints } = props.text.enquiry;
  const { about, control, options } = fieldControls(props);
  const institution = !hydrated || values.enquiryType === INSTITUTION_ENQUIRY;
  const other =
    !hydrated || (institution && values.institutionType.includes(OTHER_INSTITUTION_TYPE));
  const onlyFor = hydrated ? undefined : hints.onlyInstitutions;
  return (
    <div className="wizard__stack">
      <RadioGroup required options={options(ENQUIRY_TYPES)} {...control('enquiryType')} />
      {institution && (
        <>
          <TextField
            autoComplete="organization"
            maxLength={LIMITS.name}
            hint={onlyFor}
            {...control('institutionName')}
          />
          <CheckboxGroup
            hint={hydrated ? hints.tickAll : onlyFor}
            options={options(INSTITUTION_TYPES)}
            values={values.institutionType}
            onToggle={toggle}
            {...about('institutionType')}
          />
        </>
      )}
      {other && (
        <TextField
          hint={hydrated ? undefined : hints.ifOthers}
          maxLength={LIMITS.name}
          {...control('institutionTypeOther')}
        />
      )}
    </div>
  );
}
