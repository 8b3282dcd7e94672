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
  const { control } = fieldControls(props);
  const renewable = !hydrated || values.renewableEnergyUsed === 'Yes';
  return (
    <div className="wizard__grid">
      <SelectField required options={PURPOSES_OF_USE} {...control('purposeOfUse')} />
      <SelectField required options={GENERATOR_CAPACITIES} {...control('generatorCapacity')} />
      <TextField
        hint="In your local currency, numbers only."
        optional
        type="number"
        inputMode="decimal"
        min={0}
        step="0.01"
        {...control('monthlyElectricityBill')}
      />
      <RadioGroup required options={RENEWABLE_ENERGY_ANSWERS} {...control('renewableEnergyUsed')} />
      {renewable && (
        <div className="wizard__wide">
          <TextField
            hint={hydrated ? 'For example rooftop solar or biogas.' : 'If you answered Yes.'}
            maxLength={LIMITS.name}
            {...control('renewableEnergySpecify')}
          />
        </div>
      )}
    </div>
  );
}
