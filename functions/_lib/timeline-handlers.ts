/**
 * The admin list and delete of a timeline of submissions (enquiries, contact messages): one
 * page of the records matching the query (`q` and filters, src/lib/schemas/search.ts) newest
 * first, their number in X-Total-Count and the store's New records in X-New-Count; delete by id
 * (404 for unknown ids).
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
      const { items, total, newCount } = await records.search(parsed.query, page, pageSize);
      return json(items, 200, {
        'x-total-count': String(total),
        'x-new-count': String(newCount),
      });
    },
    remove: async (_req, context) => {
      const id = idParam(context, isId, what);
      if (!(await records.remove(id))) throw new HttpError(404, `${what} not found.`);
      return noContent();
    },
  };
}
