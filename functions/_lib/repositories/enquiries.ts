/** Generator enquiries: store `enquiries`, one blob per enquiry keyed by its id. */
import { ENQUIRY_SEARCH, type EnquiryInput } from '../../../src/lib/schemas/index.ts';
import { timeline } from './timeline.ts';

export const enquiries = timeline<EnquiryInput>('enquiries', {
  // What search, filters and erasure read from the index (src/lib/schemas/search.ts).
  summary: {
    name: 'fullName',
    email: 'emailAddress',
    phone: 'phoneNumber',
    institution: 'institutionName',
    city: 'cityTownVillage',
    type: 'enquiryType',
    capacity: 'generatorCapacity',
    timeline: 'preferredTimeline',
  },
  search: ENQUIRY_SEARCH,
});
