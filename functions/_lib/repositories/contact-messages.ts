/** Contact messages: one blob per message, keyed by its id, as src/lib/leads declares them. */
import { MESSAGE } from '../../../src/lib/leads/index.ts';
import { leadTimeline } from './timeline.ts';

export const contactMessages = leadTimeline(MESSAGE);
