/**
 * `POST /api/<store>/parts?upload=<id>&part=<n>[&hour=<h>]` (issue 39): one part
 * of a large CV, sent ahead of its application as `application/octet-stream` (repositories/
 * cv-parts.ts says why). Answers 201 `{ token, part }`, the token the next parts (`hour`) and the
 * application (`cvParts`) name; 400 for a malformed id or part, 413 over CV_PART_BYTES, 415 for
 * another type, 409 when another file's part has the id, 429 with Retry-After (the end of the
 * hour) past the client address's hourly cap (CV_PARTS_ADDRESS_PER_HOUR; the address is Netlify's
 * `context.ip`, none counting as one unknown sender) or the site's hourly ceiling
 * (CV_PARTS_SITE_PER_HOUR). A retry of a part already stored (same bytes) answers 201 again and
 * counts against neither (repositories/cv-parts.ts).
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

/** 429 until the hour of `at` ends, when the hourly places are new. */
function untilTheHourEnds(at: number, message: string): HttpError {
  const seconds = Math.ceil((3_600_000 - (at % 3_600_000)) / 1000);
  return new HttpError(429, message, { headers: { 'retry-after': String(seconds) } });
}

export function cvPartUpload(now: () => number = Date.now): Handler {
  return async (req, context) => {
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
    const stored = await putPart(upload, part, bytes, { now: at, hour, address: context.ip });
    if (stored.kind === 'conflict') {
      throw new HttpError(409, 'Another file was sent under this upload id. Start again.');
    }
    if (stored.kind === 'address-full') {
      throw untilTheHourEnds(
        at,
        'You have sent many files in the last hour. Please try again in an hour.',
      );
    }
    if (stored.kind === 'full') {
      throw untilTheHourEnds(
        at,
        'Too many files are being sent right now. Please try again in an hour.',
      );
    }
    return json({ token: stored.token, part }, 201);
  };
}
