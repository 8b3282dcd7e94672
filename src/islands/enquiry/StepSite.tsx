import {
  INSTALLATION_SITE_LOCATIONS,
  PREFERRED_TIMELINES,
  SPACE_AVAILABLE_ANSWERS,
} from '../../lib/schemas/enquiry';
import { LIMITS } from '../../lib/schemas/fields';
import { RadioGroup, SelectField, TextArea } from '../forms/fields';
import { fieldControls } from './controls';
import type { StepProps } from './types';

/** Step 4: Installation Site & Conditions. */
export function StepSite(props: StepProps) {
  const { control, options } = fieldControls(props);
  const { optional, select } = props.text.enquiry;
  return (
    <div className="wizard__grid">
      <SelectField
        required
        options={options(INSTALLATION_SITE_LOCATIONS)}
        placeholder={select}
        {...control('installationSiteLocation')}
      />
      <RadioGroup
        required
        options={options(SPACE_AVAILABLE_ANSWERS)}
        {...control('spaceAvailable')}
      />
      <SelectField
        required
        options={options(PREFERRED_TIMELINES)}
        placeholder={select}
        {...control('preferredTimeline')}
      />
      <div className="wizard__wide">
        <TextArea
          optional={optional}
          rows={4}
          maxLength={LIMITS.text}
          {...control('additionalComments')}
        />
      </div>
    </div>
  );
}
