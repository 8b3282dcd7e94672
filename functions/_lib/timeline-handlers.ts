/**
 * The admin list and delete of a timeline of submissions (enquiries, contact messages): one
 * page of the records matching the query (`q` and filters, src/lib/schemas/search.ts) newest
 * first, their number in X-Total-Count, the store's New records in X-New-Count and, of those,
 * the ones New for more than a working day (src/lib/working-day.ts) in X-Waiting-Count; delete
 * by id (404 for unknown ids). Both counts are of the whole store, whatever the query.
 *
 * X-Index-Pending says how many records are too new (or too freshly changed) for the index to
 * have searched or filtered them in this answer (they are counted, and listed when nothing is
 * searched); X-Quarantined names the records set aside as unreadable.
 */
import { parseListQuery, type SearchSpec } from '../../src/lib/schemas/index.ts';
import { HttpError, idParam, json, noContent, pageParams, type Handler } from './http.ts';
import { isId } from './ids.ts';
import type { Timeline } from './repositories/timeline.ts';

export function timelineHandlers(
  records: Pick<Timeline<object>, 'search' | 'remove'>,
  what: string,
  spec: SearchSpec,
): { list: Handler; remove: Handler } {
  return {
    list: async (req) => {
      const { page, pageSize } = pageParams(req);
      const parsed = parseListQuery(new URL(req.url).searchParams, spec);
      if (!parsed.ok) throw new HttpError(400, parsed.error);
      const { items, total, newCount, waitingCount, pending, quarantined } = await records.search(
        parsed.query,
        page,
        pageSize,
      );
      return json(items, 200, {
        'x-total-count': String(total),
        'x-new-count': String(newCount),
        'x-waiting-count': String(waitingCount),
        // Said on every answer, so a client can tell a complete list from one still catching up.
        'x-index-pending': String(pending),
        'x-quarantined': quarantined.join(','),
      });
    },
    remove: async (_req, context) => {
      const id = idParam(context, isId, what);
      if (!(await records.remove(id))) throw new HttpError(404, `${what} not found.`);
      return noContent();
    },
  };
}
