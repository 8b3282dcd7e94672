/**
 * /api/held (admin): GET lists the held submissions of every kind (hold.ts) newest first, a page
 * at a time (`?page=&pageSize=`), with their reasons, the number of them in X-Total-Count;
 * POST /api/held/<id> `{ "action": "accept" }` makes one a lead and announces it ("Not spam"),
 * `{ "action": "delete" }` deletes it. Both are audited.
 */
import type { Config } from '@netlify/functions';
import * as v from 'valibot';
import type { HeldSubmission } from '../src/lib/held/index.ts';
import { audit } from './_lib/audit.ts';
import { admin } from './_lib/auth.ts';
import { readBody } from './_lib/body.ts';
import { acceptHeld, deleteHeld, heldView } from './_lib/held-review.ts';
import { HttpError, dispatch, endpoint, idParam, json, pageParams } from './_lib/http.ts';
import { isId } from './_lib/ids.ts';
import { heldTimeline } from './_lib/repositories/held.ts';

const ActionSchema = v.object({
  action: v.picklist(['accept', 'delete'], 'action must be "accept" or "delete".'),
});

const list = admin(async (req) => {
  const { page, pageSize } = pageParams(req);
  const { items, total } = await heldTimeline.page(page, pageSize);
  const body: HeldSubmission[] = items.map(heldView);
  return json(body, 200, { 'x-total-count': String(total), 'cache-control': 'no-store' });
});

const act = admin(async (req, context) => {
  const id = idParam(context, isId, 'Held submission');
  const parsed = v.safeParse(ActionSchema, (await readBody(req)).data);
  if (!parsed.success) throw new HttpError(400, 'action must be "accept" or "delete".');
  if (parsed.output.action === 'delete') {
    if (!(await deleteHeld(id))) {
      throw new HttpError(404, 'This held submission is not there any more.');
    }
    await audit('held.deleted', { target: `held/${id}` });
    return json({ deleted: id });
  }
  const { kind, lead } = await acceptHeld(id, req, context);
  await audit('held.accepted', { target: `${kind.store}/${lead._id}` });
  return json({ kind: kind.key, lead: { _id: lead._id, createdAt: lead.createdAt } });
});

export default endpoint((req, context) =>
  dispatch(req, context, context.params['id'] === undefined ? { GET: list } : { POST: act }),
);

export const config: Config = {
  path: ['/api/held', '/api/held/:id'],
};
