/**
 * `POST /api/<store>/parts?upload=<id>&part=<n>[&hour=<h>]` (issue 39): one part
 * of a large CV, sent ahead of its application as `application/octet-stream` (repositories/
 * cv-parts.ts says why). Answers 201 `{ token, part }`, the token the next parts (`hour`) and the
 * application (`cvParts`) name; 400 for a malformed id or part, 413 over CV_PART_BYTES, 415 for
 * another type, 409 when another file's part has the id, 429 past the site's hourly ceiling.
 */
import { HttpError, json, type Handler } from './http.ts';
import { mediaType, readLimited } from './body.ts';
import { CV_PART_BYTES, MAX_CV_PARTS, UPLOAD_ID, putPart } from './repositories/cv-parts.ts';

/** True for `/api/<store>/parts`. */
export function isPartsPath(req: Request): boolean {
  const segments = new URL(req.url).pathname.split('/').filter(Boolean);
  return segments.length === 3 && segments[2] === 'parts';
}

async function readPart(req: Request): Promise<Uint8Array> {
  const declared = Number(req.headers.get('content-length'));
  const tooLarge = () => new HttpError(413, `A part is at most ${CV_PART_BYTES} bytes.`);
  if (Number.isFinite(declared) && declared > CV_PART_BYTES) throw tooLarge();
  return readLimited(req, CV_PART_BYTES, tooLarge);
}

export function cvPartUpload(now: () => number = Date.now): Handler {
  return async (req) => {
    if (mediaType(req) !== 'application/octet-stream') {
      throw new HttpError(415, 'Content-Type must be application/octet-stream.');
    }
    const query = new URL(req.url).searchParams;
    const upload = query.get('upload') ?? '';
    const part = Number(query.get('part'));
    const hourText = query.get('hour');
    if (!UPLOAD_ID.test(upload)) {
      throw new HttpError(400, 'upload must be 16 to 64 letters, digits, "-" or "_".');
    }
    if (!Number.isInteger(part) || part < 0 || part >= MAX_CV_PARTS) {
      throw new HttpError(400, `part must be a whole number from 0 to ${MAX_CV_PARTS - 1}.`);
    }
    if (hourText !== null && !/^\d{1,7}$/.test(hourText)) {
      throw new HttpError(400, 'hour must be the hour the first part was given.');
    }
    const bytes = await readPart(req);
    if (bytes.byteLength === 0) throw new HttpError(400, 'A part cannot be empty.');
    const at = now();
    const current = Math.floor(at / 3_600_000);
    const hour = hourText === null ? current : Number(hourText);
    if (hour !== current && hour !== current - 1) {
      throw new HttpError(400, 'hour must be the hour the first part was given.');
    }
    const stored = await putPart(upload, part, bytes, at, hour);
    if (stored.kind === 'conflict') {
      throw new HttpError(409, 'Another file was sent under this upload id. Start again.');
    }
    if (stored.kind === 'full') {
      throw new HttpError(
        429,
        'Too many files are being sent right now. Please try again in an hour.',
        {
          headers: { 'retry-after': String(Math.ceil((3_600_000 - (at % 3_600_000)) / 1000)) },
        },
      );
    }
    return json({ token: stored.token, part }, 201);
  };
}
