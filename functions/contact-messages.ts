/**
 * /api/contact-messages (admin): stored contact messages, listed and deleted like enquiries.
 */
import type { Config } from '@netlify/functions';
import { admin } from './_lib/auth.ts';
import { dispatch, endpoint } from './_lib/http.ts';
import { contactMessages } from './_lib/repositories/contact-messages.ts';
import { timelineHandlers } from './_lib/timeline-handlers.ts';

const { list, remove } = timelineHandlers(contactMessages, 'Message');

export default endpoint((req, context) =>
  context.params['id'] === undefined
    ? dispatch(req, context, { GET: admin(list) })
    : dispatch(req, context, { DELETE: admin(remove) }),
);

export const config: Config = {
  path: ['/api/contact-messages', '/api/contact-messages/:id'],
};
