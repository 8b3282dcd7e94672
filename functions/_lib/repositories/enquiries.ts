/** Generator enquiries: store `enquiries`, one blob per enquiry keyed by its id. */
import type { EnquiryInput } from '../../../src/lib/schemas/index.ts';
import { timeline } from './timeline.ts';

export const enquiries = timeline<EnquiryInput>('enquiries');
