/** Generator enquiries: one blob per enquiry, keyed by its id, as src/lib/leads declares them. */
import { ENQUIRY } from '../../../src/lib/leads/index.ts';
import { leadTimeline } from './timeline.ts';

export const enquiries = leadTimeline(ENQUIRY);
