/**
 * The admin's follow-up of a lead (enquiries, contact messages): read one record, change its
 * status, add a private note. Every answer carries the record's version, in the body and as
 * `ETag: "<version>"`.
 *
 * Design: a status change must name the version it was read at (`If-Match: "<version>"`):
 * missing 428, malformed 400, stale 409 with nothing written, so of two tabs the second learns of
 * the first instead of overwriting it. A note needs no If-Match, because it overwrites nothing:
 * it is appended by a conditional write that reads again whenever another write came first, so
 * notes from two tabs both land. An If-Match sent with a note is still honoured (409 when stale).
 * A note is a change, so it too adds 1 to the version (its 201 says the new one in `ETag`).
 * Setting the status a record already has writes nothing and keeps the version.
 */
import {
  NoteSchema,
  STATUSES,
  statusUpdateSchema,
  type Note,
  type StatusList,
} from '../../src/lib/schemas/index.ts';
import { readBody } from './body.ts';
import { HttpError, idParam, json, type Handler } from './http.ts';
import { isId } from './ids.ts';
import { UNCHANGED, withStatus, type EditResult } from './repositories/follow-up.ts';
import type { Timeline } from './repositories/timeline.ts';
import { validate } from './validate.ts';

const IF_MATCH_MISSING =
  'If-Match is required: send the version you last read, as If-Match: "<version>".';
const IF_MATCH_MALFORMED = 'If-Match must be one version in double quotes, as If-Match: "3".';

/** One version, quoted: a strong entity tag as every answer's ETag gives it. */
const VERSION_TAG = /^"([1-9]\d{0,14})"$/;

/** The version `If-Match` names; undefined when there is none. */
export function ifMatchVersion(req: Request): number | undefined {
  const header = req.headers.get('if-match')?.trim();
  if (header === undefined || header === '') return undefined;
  const match = VERSION_TAG.exec(header);
  if (!match) throw new HttpError(400, IF_MATCH_MALFORMED);
  return Number(match[1]);
}

/** True for `/api/<resource>/<id>/notes`, the only route with a segment past the id. */
export function isNotesPath(req: Request): boolean {
  const segments = new URL(req.url).pathname.split('/').filter(Boolean);
  return segments.length === 4 && segments[3] === 'notes';
}

const etag = (version: number) => ({ etag: `"${version}"` });

export function followUpHandlers(
  records: Pick<Timeline<object>, 'find' | 'edit'>,
  /** Capitalised, as the 404 says it: `Enquiry`, `Message`. */
  what: string,
  /** The kind's statuses: a change to any other is a 400. */
  statuses: StatusList = STATUSES,
): { show: Handler; setStatus: Handler; addNote: Handler } {
  const StatusUpdateSchema = statusUpdateSchema(statuses);
  const notFound = () => new HttpError(404, `${what} not found.`);
  const stale = () =>
    new HttpError(
      409,
      `This ${what.toLowerCase()} was changed elsewhere. Reload it and try again.`,
    );

  /** The saved record, or the error the edit's outcome calls for. */
  function saved<R>(result: EditResult<R>) {
    if (result.kind === 'missing') throw notFound();
    if (result.kind === 'stale') throw stale();
    return result.record;
  }

  return {
    show: async (_req, context) => {
      const record = await records.find(idParam(context, isId, what));
      if (!record) throw notFound();
      return json(record, 200, etag(record.version));
    },

    setStatus: async (req, context) => {
      const id = idParam(context, isId, what);
      const ifVersion = ifMatchVersion(req);
      if (ifVersion === undefined) throw new HttpError(428, IF_MATCH_MISSING);
      const { status } = validate(StatusUpdateSchema, (await readBody(req)).data);
      const record = saved(
        await records.edit(
          id,
          (current) => (current.status === status ? UNCHANGED : withStatus(current, status)),
          { ifVersion },
        ),
      );
      return json(record, 200, etag(record.version));
    },

    addNote: async (req, context) => {
      const id = idParam(context, isId, what);
      const ifVersion = ifMatchVersion(req);
      const { text } = validate(NoteSchema, (await readBody(req)).data);
      let note: Note = { text, at: '' };
      const record = saved(
        await records.edit(
          id,
          (current) => {
            // Stamped at each attempt, so the notes' order and their times agree.
            note = { text, at: new Date().toISOString() };
            return { ...current, notes: [...current.notes, note] };
          },
          ifVersion === undefined ? {} : { ifVersion },
        ),
      );
      return json(note, 201, etag(record.version));
    },
  };
}
