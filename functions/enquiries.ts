/**
 * /api/enquiries: public create (JSON or the no-JS form post); admin list (newest first, one
 * page, total in X-Total-Count), read, status change, notes (follow-up-handlers.ts) and delete.
 */
import type { Config } from '@netlify/functions';
import { ENQUIRY } from '../src/lib/leads/index.ts';
import { admin } from './_lib/auth.ts';
import { followUpHandlers, isNotesPath } from './_lib/follow-up-handlers.ts';
import { dispatch, endpoint } from './_lib/http.ts';
import { enquiryNotification } from './_lib/notifications.ts';
import { enquiries } from './_lib/repositories/enquiries.ts';
import { publicSubmission } from './_lib/submission.ts';
import { timelineHandlers } from './_lib/timeline-handlers.ts';

const create = publicSubmission({
  schema: ENQUIRY.schema,
  save: (input, key) => enquiries.submit(input, key),
  notification: enquiryNotification,
  form: {
    name: 'enquiry',
    page: '/renewable-energy',
    anchor: 'enquiry',
    listFields: ['institutionType'],
  },
});

const { list, remove } = timelineHandlers(enquiries, ENQUIRY.noun, ENQUIRY.search);
const { show, setStatus, addNote } = followUpHandlers(enquiries, ENQUIRY.noun);

export default endpoint((req, context) => {
  if (context.params['id'] === undefined) {
    return dispatch(req, context, { GET: admin(list), POST: create });
  }
  if (isNotesPath(req)) return dispatch(req, context, { POST: admin(addNote) });
  return dispatch(req, context, {
    GET: admin(show),
    PATCH: admin(setStatus),
    DELETE: admin(remove),
  });
});

// No `method` filter: other methods must reach the handler to get 405 with Allow.
// The rate limit covers the admin list too; 30 a minute per client is ample for paging.
export const config: Config = {
  path: ['/api/enquiries', '/api/enquiries/:id', '/api/enquiries/:id/notes'],
  rateLimit: { windowLimit: 30, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
