/**
 * /api/announcements: public list (oldest first, cached by Netlify's CDN until a change purges it);
 * admin create, replace and delete, each followed by a rebuild of the site through its build hook
 * (the home page carries the list in its HTML: functions/_lib/cdn.ts).
 */
import type { Config } from '@netlify/functions';
import { AnnouncementInputSchema } from '../src/lib/schemas/index.ts';
import { admin } from './_lib/auth.ts';
import { readBody } from './_lib/body.ts';
import {
  announcementsVersion,
  matchesVersion,
  publicAnnouncements,
  requestedLocale,
  versionETag,
} from '../src/lib/announcements/public.ts';
import { ANNOUNCEMENTS_TAG, announcementsChanged, publicCacheHeaders } from './_lib/cdn.ts';
import {
  HttpError,
  dispatch,
  endpoint,
  idParam,
  json,
  noContent,
  type FunctionContext,
  type Handler,
} from './_lib/http.ts';
import { isId } from './_lib/ids.ts';
import { announcements } from './_lib/repositories/announcements.ts';
import { validate } from './_lib/validate.ts';

const NOT_FOUND = 'Announcement not found.';

/**
 * The list, with its version as the ETag (src/lib/announcements/public.ts): the home page's
 * freshness check asks with `If-None-Match` and gets 304 while its built list is current. With
 * `?lang=en|ml|ar` (the strip's request), each item's text in that language or English; without
 * it, the records as stored, translations included (the admin's list).
 */
const list: Handler = async (req) => {
  const items = await announcements.list();
  const version = announcementsVersion(items);
  const headers = { ...publicCacheHeaders(req, ANNOUNCEMENTS_TAG), etag: versionETag(version) };
  if (matchesVersion(req.headers.get('if-none-match'), version)) {
    return new Response(null, { status: 304, headers });
  }
  const lang = new URL(req.url).searchParams.get('lang');
  const body = lang === null ? items : publicAnnouncements(items, requestedLocale(lang));
  return json(body, 200, headers);
};

const create: Handler = async (req, context) => {
  const input = validate(AnnouncementInputSchema, (await readBody(req)).data);
  const created = await announcements.create(input);
  await announcementsChanged(context);
  return json(created, 201);
};

const update: Handler = async (req, context) => {
  const id = idParam(context, isId, 'Announcement');
  const input = validate(AnnouncementInputSchema, (await readBody(req)).data);
  const updated = await announcements.update(id, input);
  if (!updated) throw new HttpError(404, NOT_FOUND);
  await announcementsChanged(context);
  return json(updated);
};

const remove: Handler = async (_req, context) => {
  const id = idParam(context, isId, 'Announcement');
  if (!(await announcements.remove(id))) throw new HttpError(404, NOT_FOUND);
  await announcementsChanged(context);
  return noContent();
};

const byId = (_req: Request, context: FunctionContext) => context.params['id'];
const created = async (_req: Request, _context: FunctionContext, response: Response) =>
  ((await response.json()) as { _id?: string })._id;

export default endpoint((req, context) =>
  context.params['id'] === undefined
    ? dispatch(req, context, {
        GET: list,
        POST: admin(create, { event: 'announcement.created', target: created }),
      })
    : dispatch(req, context, {
        PUT: admin(update, { event: 'announcement.updated', target: byId }),
        DELETE: admin(remove, { event: 'announcement.deleted', target: byId }),
      }),
);

// No `method` filter: other methods must reach the handler to get 405 with Allow.
export const config: Config = {
  path: ['/api/announcements', '/api/announcements/:id'],
};
