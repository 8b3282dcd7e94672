/**
 * /api/contact-messages (admin): stored contact messages, listed, read, followed up (status and
 * notes) and deleted like enquiries.
 */
import type { Config } from '@netlify/functions';
import { MESSAGE } from '../src/lib/leads/index.ts';
import { admin } from './_lib/auth.ts';
import { followUpHandlers, isNotesPath } from './_lib/follow-up-handlers.ts';
import { dispatch, endpoint } from './_lib/http.ts';
import { contactMessages } from './_lib/repositories/contact-messages.ts';
import { timelineHandlers } from './_lib/timeline-handlers.ts';

const { list, remove } = timelineHandlers(contactMessages, MESSAGE.noun, MESSAGE.search);
const { show, setStatus, addNote } = followUpHandlers(contactMessages, MESSAGE.noun);

export default endpoint((req, context) => {
  if (context.params['id'] === undefined) return dispatch(req, context, { GET: admin(list) });
  if (isNotesPath(req)) return dispatch(req, context, { POST: admin(addNote) });
  return dispatch(req, context, {
    GET: admin(show),
    PATCH: admin(setStatus),
    DELETE: admin(remove),
  });
});

export const config: Config = {
  path: ['/api/contact-messages', '/api/contact-messages/:id', '/api/contact-messages/:id/notes'],
};
