/**
 * POST /api/contact: public contact message (JSON or the no-JS form post).
 */
import type { Config } from '@netlify/functions';
import { MESSAGE } from '../src/lib/leads/index.ts';
import { dispatch, endpoint } from './_lib/http.ts';
import { contactNotification } from './_lib/notifications.ts';
import { contactMessages } from './_lib/repositories/contact-messages.ts';
import { publicSubmission } from './_lib/submission.ts';

const create = publicSubmission({
  schema: MESSAGE.schema,
  save: (input, key) => contactMessages.submit(input, key),
  notification: contactNotification,
  form: { name: 'contact', page: '/', anchor: 'contact-form' },
});

export default endpoint((req, context) => dispatch(req, context, { POST: create }));

export const config: Config = {
  path: '/api/contact',
  rateLimit: { windowLimit: 10, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
