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
  const { control } = fieldControls(props);
  return (
    <div className="wizard__grid">
      <SelectField
        required
        options={INSTALLATION_SITE_LOCATIONS}
        {...control('installationSiteLocation')}
      />
      <RadioGroup required options={SPACE_AVAILABLE_ANSWERS} {...control('spaceAvailable')} />
      <SelectField required options={PREFERRED_TIMELINES} {...control('preferredTimeline')} />
      <div className="wizard__wide">
        <TextArea optional rows={4} maxLength={LIMITS.text} {...control('additionalComments')} />
      </div>
    </div>
  );
}
