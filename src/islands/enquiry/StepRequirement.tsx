import {
  GENERATOR_CAPACITIES,
  PURPOSES_OF_USE,
  RENEWABLE_ENERGY_ANSWERS,
} from '../../lib/schemas/enquiry';
import { LIMITS } from '../../lib/schemas/fields';
import { RadioGroup, SelectField, TextField } from '../forms/fields';
import { fieldId, type StepProps } from './types';

/** Step 3: Generator Requirement, with the renewable-type field only when one is used. */
export function StepRequirement({ values, errors, set, hydrated }: StepProps) {
  const renewable = !hydrated || values.renewableEnergyUsed === 'Yes';
  return (
    <div className="wizard__grid">
      <SelectField
        id={fieldId('purposeOfUse')}
        name="purposeOfUse"
        label="Purpose of Use"
        required
        options={PURPOSES_OF_USE}
        value={values.purposeOfUse}
        error={errors.purposeOfUse}
        onValue={set('purposeOfUse')}
      />
      <SelectField
        id={fieldId('generatorCapacity')}
        name="generatorCapacity"
        label="Generator Capacity"
        required
        options={GENERATOR_CAPACITIES}
        value={values.generatorCapacity}
        error={errors.generatorCapacity}
        onValue={set('generatorCapacity')}
      />
      <TextField
        id={fieldId('monthlyElectricityBill')}
        name="monthlyElectricityBill"
        label="Monthly Electricity Bill"
        hint="In your local currency, numbers only."
        optional
        type="number"
        inputMode="decimal"
        min={0}
        step="0.01"
        value={values.monthlyElectricityBill}
        error={errors.monthlyElectricityBill}
        onValue={set('monthlyElectricityBill')}
      />
      <RadioGroup
        id={fieldId('renewableEnergyUsed')}
        name="renewableEnergyUsed"
        label="Do you currently use renewable energy?"
        required
        options={RENEWABLE_ENERGY_ANSWERS}
        value={values.renewableEnergyUsed}
        error={errors.renewableEnergyUsed}
        onValue={set('renewableEnergyUsed')}
      />
      {renewable && (
        <div className="wizard__wide">
          <TextField
            id={fieldId('renewableEnergySpecify')}
            name="renewableEnergySpecify"
            label="Specify the type of renewable energy"
            hint={hydrated ? 'For example rooftop solar or biogas.' : 'If you answered Yes.'}
            maxLength={LIMITS.name}
            value={values.renewableEnergySpecify}
            error={errors.renewableEnergySpecify}
            onValue={set('renewableEnergySpecify')}
          />
        </div>
      )}
    </div>
  );
}
