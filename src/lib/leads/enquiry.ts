/** Generator enquiries: the four-step wizard's lead. */
import { ENQUIRY_FIELD_LABELS, EnquirySchema } from '../schemas/enquiry.ts';
import { ENQUIRY_SEARCH } from '../schemas/search.ts';
import { leadKind } from './kind.ts';

export const ENQUIRY = leadKind({
  noun: 'Enquiry',
  store: 'enquiries',
  schema: EnquirySchema,
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
  person: { email: 'email', name: 'name', phone: 'phone' },
  search: ENQUIRY_SEARCH,
  labels: ENQUIRY_FIELD_LABELS,
  list: { urlPrefix: '', pageSize: 10 },
});
