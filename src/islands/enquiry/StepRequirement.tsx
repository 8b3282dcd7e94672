import {
  GENERATOR_CAPACITIES,
  PURPOSES_OF_USE,
  RENEWABLE_ENERGY_ANSWERS,
} from '../../lib/schemas/enquiry';
import { LIMITS } from '../../lib/schemas/fields';
import { RadioGroup, SelectField, TextField } from '../forms/fields';
import { fieldControls } from './controls';
import type { StepProps } from './types';

/** Step 3: Generator Requirement, with the renewable-type field only when one is used. */
export function StepRequirement(props: StepProps) {
  const { values, hydrated } = props;
  const { control, options } = fieldControls(props);
  const { optional, select, hints } = props.text.enquiry;
  const renewable = !hydrated || values.renewableEnergyUsed === 'Yes';
  return (
    <div className="wizard__grid">
      <SelectField
        required
        options={options(PURPOSES_OF_USE)}
        placeholder={select}
        {...control('purposeOfUse')}
      />
      <SelectField
        required
        options={options(GENERATOR_CAPACITIES)}
        placeholder={select}
        {...control('generatorCapacity')}
      />
      {/* Text, not a number input: that one empties digits of other scripts ("٤٥٠٠"). */}
      <TextField
        hint={hints.bill}
        optional={optional}
        inputMode="decimal"
        maxLength={LIMITS.phone}
        {...control('monthlyElectricityBill')}
      />
      <RadioGroup
        required
        options={options(RENEWABLE_ENERGY_ANSWERS)}
        {...control('renewableEnergyUsed')}
      />
      {renewable && (
        <div className="wizard__wide">
          <TextField
            hint={hydrated ? hints.renewableExample : hints.ifYes}
            maxLength={LIMITS.name}
            {...control('renewableEnergySpecify')}
          />
        </div>
      )}
    </div>
  );
}
