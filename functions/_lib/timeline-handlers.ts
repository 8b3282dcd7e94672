/**
 * The admin list and delete of a timeline of submissions (enquiries, contact messages): one
 * page newest first with its total in X-Total-Count, and delete by id (404 for unknown ids).
 */
import { HttpError, idParam, json, noContent, pageParams, type Handler } from './http.ts';
import { isId } from './ids.ts';
import type { Timeline } from './repositories/timeline.ts';

export function timelineHandlers(
  records: Pick<Timeline<object>, 'page' | 'remove'>,
  what: string,
): { list: Handler; remove: Handler } {
  return {
    list: async (req) => {
      const { page, pageSize } = pageParams(req);
      const { items, total } = await records.page(page, pageSize);
      return json(items, 200, { 'x-total-count': String(total) });
    },
    remove: async (_req, context) => {
      const id = idParam(context, isId, what);
      if (!(await records.remove(id))) throw new HttpError(404, `${what} not found.`);
      return noContent();
    },
  };
}
