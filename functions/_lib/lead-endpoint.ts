/**
 * The API of a kind of lead at /api/<store>: the admin's list (newest first, one page, total in
 * X-Total-Count), read, status change, notes (follow-up-handlers.ts) and delete; with
 * `publicCreate`, also the public POST of the form (submission.ts) on the list's path.
 */
import type { AnyLeadKind } from '../../src/lib/leads/index.ts';
import { admin } from './auth.ts';
import { followUpHandlers, isNotesPath } from './follow-up-handlers.ts';
import { dispatch, endpoint } from './http.ts';
import { leadTimeline } from './repositories/timeline.ts';
import { leadSubmission } from './submission.ts';
import { timelineHandlers } from './timeline-handlers.ts';

export function leadEndpoint(kind: AnyLeadKind, { publicCreate = false } = {}) {
  const records = leadTimeline(kind);
  const { list, remove } = timelineHandlers(records, kind.noun, kind.search);
  const { show, setStatus, addNote } = followUpHandlers(records, kind.noun);
  const create = publicCreate ? leadSubmission(kind) : undefined;
  return endpoint((req, context) => {
    if (context.params['id'] === undefined) {
      return dispatch(req, context, { GET: admin(list), ...(create ? { POST: create } : {}) });
    }
    if (isNotesPath(req)) return dispatch(req, context, { POST: admin(addNote) });
    return dispatch(req, context, {
      GET: admin(show),
      PATCH: admin(setStatus),
      DELETE: admin(remove),
    });
  });
}
