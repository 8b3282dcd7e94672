/**
 * The API of a kind of lead at /api/<store>: the admin's list (newest first, one page, total in
 * X-Total-Count), read, status change, notes (follow-up-handlers.ts) and delete; with
 * `publicCreate`, also the public POST of the form (submission.ts) on the list's path.
 */
import type { AnyLeadKind } from '../../src/lib/leads/index.ts';
import { admin } from './auth.ts';
import { followUpHandlers, isNotesPath } from './follow-up-handlers.ts';
import { dispatch, endpoint, type FunctionContext } from './http.ts';
import { leadTimeline } from './repositories/timeline.ts';
import { leadSubmission } from './submission.ts';
import { fileDownload, isFilePath } from './file-download.ts';
import { cvPartUpload, isPartsPath } from './cv-parts-endpoint.ts';
import { timelineHandlers } from './timeline-handlers.ts';

export function leadEndpoint(kind: AnyLeadKind, { publicCreate = false } = {}) {
  const records = leadTimeline(kind);
  const { list, remove } = timelineHandlers(records, kind.noun, kind.search);
  const { show, setStatus, addNote } = followUpHandlers(records, kind.noun, kind.statuses);
  const create = publicCreate ? leadSubmission(kind) : undefined;
  const record = (_req: Request, context: FunctionContext) =>
    `${kind.store}/${context.params['id'] ?? ''}`;
  const download = kind.attachment && fileDownload(kind);
  const uploadPart = kind.attachment && cvPartUpload();
  return endpoint((req, context) => {
    // The parts of a large file, sent ahead of its record (cv-parts-endpoint.ts).
    if (uploadPart && isPartsPath(req)) return dispatch(req, context, { POST: uploadPart });
    if (context.params['id'] === undefined) {
      return dispatch(req, context, { GET: admin(list), ...(create ? { POST: create } : {}) });
    }
    if (download && isFilePath(req, kind.attachment!.field)) {
      // Who read whose file is in the log; the file's name and content are not.
      return dispatch(req, context, {
        GET: admin(download, { event: 'lead.file-downloaded', target: record }),
      });
    }
    if (isNotesPath(req)) {
      // The note's text stays with the record: the log says only that one was added.
      return dispatch(req, context, {
        POST: admin(addNote, { event: 'lead.note-added', target: record }),
      });
    }
    return dispatch(req, context, {
      GET: admin(show),
      PATCH: admin(setStatus, {
        event: 'lead.status-changed',
        target: record,
        // Unchanged, the record keeps the version it was asked under.
        only: (request, response) =>
          response.headers.get('etag') !== request.headers.get('if-match'),
      }),
      DELETE: admin(remove, { event: 'lead.deleted', target: record }),
    });
  });
}
