/**
 * `GET /api/<store>/<id>/<field>`: the admin's download of a record's file (an application's
 * CV). The file is hostile until proven otherwise even after its check: it is only ever sent as
 * an attachment (never shown in the admin's page), with its checked type, `nosniff`, and a CSP
 * that sandboxes it should a browser open it all the same; nothing caches it. Its name is made
 * here (`CV-<reference>.pdf`), never the sender's.
 */
import type { AnyLeadKind } from '../../src/lib/leads/index.ts';
import { referenceOf } from '../../src/lib/leads/reference.ts';
import { HttpError, idParam, type Handler } from './http.ts';
import { isId } from './ids.ts';
import { readFile } from './repositories/attachments.ts';
import { leadTimeline } from './repositories/timeline.ts';

/** True for `/api/<store>/<id>/<field>`. */
export function isFilePath(req: Request, field: string): boolean {
  const segments = new URL(req.url).pathname.split('/').filter(Boolean);
  return segments.length === 4 && segments[3] === field;
}

/** The headers every file download carries, whatever the file. */
export const DOWNLOAD_HEADERS = {
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'; sandbox",
  'cache-control': 'no-store',
  'cross-origin-resource-policy': 'same-origin',
} as const;

export function fileDownload(kind: AnyLeadKind): Handler {
  const records = leadTimeline(kind);
  const label = kind.attachment?.label ?? 'file';
  return async (_req, context) => {
    const id = idParam(context, isId, kind.noun);
    // The record first: a file whose record is gone (a delete under way) is not served.
    if ((await records.find(id)) === null) throw new HttpError(404, `${kind.noun} not found.`);
    const file = await readFile(kind.store, id);
    if (file === null) {
      throw new HttpError(404, `This ${kind.words.one} has no ${label} stored.`);
    }
    const { type, contentType, size } = file.facts;
    const name = `${label}-${referenceOf(id)}.${type}`;
    return new Response(file.bytes as Uint8Array<ArrayBuffer>, {
      status: 200,
      headers: {
        ...DOWNLOAD_HEADERS,
        'content-type': contentType,
        'content-length': String(size),
        'content-disposition': `attachment; filename="${name}"`,
      },
    });
  };
}
