import {
  INSTALLATION_SITE_LOCATIONS,
  PREFERRED_TIMELINES,
  SPACE_AVAILABLE_ANSWERS,
} from '../../lib/schemas/enquiry';
import { LIMITS } from '../../lib/schemas/fields';
import { RadioGroup, SelectField, TextArea } from '../forms/fields';
import { fieldId, type StepProps } from './types';

/** Step 4: Installation Site & Conditions. */
export function StepSite({ values, errors, set }: StepProps) {
  return (
    <div className="wizard__grid">
      <SelectField
        id={fieldId('installationSiteLocation')}
        name="installationSiteLocation"
        label="Installation Site Location"
        required
        options={INSTALLATION_SITE_LOCATIONS}
        value={values.installationSiteLocation}
        error={errors.installationSiteLocation}
        onValue={set('installationSiteLocation')}
      />
      <RadioGroup
        id={fieldId('spaceAvailable')}
        name="spaceAvailable"
        label="Is space available for the installation?"
        required
        options={SPACE_AVAILABLE_ANSWERS}
        value={values.spaceAvailable}
        error={errors.spaceAvailable}
        onValue={set('spaceAvailable')}
      />
      <SelectField
        id={fieldId('preferredTimeline')}
        name="preferredTimeline"
        label="Preferred Timeline"
        required
        options={PREFERRED_TIMELINES}
        value={values.preferredTimeline}
        error={errors.preferredTimeline}
        onValue={set('preferredTimeline')}
      />
      <div className="wizard__wide">
        <TextArea
          id={fieldId('additionalComments')}
          name="additionalComments"
          label="Additional Comments"
          optional
          rows={4}
          maxLength={LIMITS.text}
          value={values.additionalComments}
          error={errors.additionalComments}
          onValue={set('additionalComments')}
        />
      </div>
    </div>
  );
}
