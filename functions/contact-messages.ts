/**
 * /api/contact-messages (admin): stored contact messages, listed and deleted like enquiries.
 */
import type { Config } from '@netlify/functions';
import { admin } from './_lib/auth.ts';
import {
  HttpError,
  dispatch,
  endpoint,
  idParam,
  json,
  noContent,
  pageParams,
  type Handler,
} from './_lib/http.ts';
import { isId } from './_lib/ids.ts';
import { contactMessages } from './_lib/repositories/contact-messages.ts';

const list: Handler = async (req) => {
  const { page, pageSize } = pageParams(req);
  const { items, total } = await contactMessages.page(page, pageSize);
  return json(items, 200, { 'x-total-count': String(total) });
};

const remove: Handler = async (_req, context) => {
  const id = idParam(context, isId, 'Message');
  if (!(await contactMessages.remove(id))) throw new HttpError(404, 'Message not found.');
  return noContent();
};

export default endpoint((req, context) =>
  context.params['id'] === undefined
    ? dispatch(req, context, { GET: admin(list) })
    : dispatch(req, context, { DELETE: admin(remove) }),
);

export const config: Config = {
  path: ['/api/contact-messages', '/api/contact-messages/:id'],
};
