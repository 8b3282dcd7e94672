/**
 * `POST /api/pageview`: checks the body before the answer (400, nothing stored), answers 202,
 * and stores after the answer (`context.waitUntil`; awaited where there is none). Known bots are
 * answered alike and not counted; Global Privacy Control (`Sec-GPC: 1`) is counted without a
 * visitor key; past the site-wide quota nothing more is stored that minute.
 *
 * The daily visitor key is sha256(day's salt ‖ site ‖ client address ‖ user agent), cut to
 * 128 bits: the salt is secret, random per UTC day and deleted once the day is over, so no one
 * (the office included) can link a key to an address or follow a visitor to the next day. The
 * address is Netlify's `context.ip` (never a client-sent header); neither it nor the user agent
 * is stored.
 */
import { createHash } from 'node:crypto';
import { isbot } from 'isbot';
import { HttpError, type FunctionContext } from '../http.ts';
import {
  daySalt,
  dayOf,
  existingDaySalt,
  keepFirstView,
  writeEvent,
} from '../repositories/visits.ts';
import {
  MAX_ENCODED,
  encodeEvent,
  isStep,
  parseVisit,
  visitEvent,
  type VisitInput,
} from './event.ts';
import { takeQuota } from './quota.ts';

/** Largest body the beacon sends, with room to spare. */
const MAX_BODY = 2048;

export function visitorKey(salt: string, site: string, address: string, userAgent: string): string {
  return createHash('sha256')
    .update([salt, site, address, userAgent].join('\n'))
    .digest('base64url')
    .slice(0, 22);
}

/** The body as JSON, whatever its declared type (sendBeacon's strings come as text/plain). */
async function readVisit(req: Request): Promise<VisitInput> {
  const declared = Number(req.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > MAX_BODY) throw new HttpError(400, 'Body too large.');
  const text = await req.text();
  if (text.length > MAX_BODY) throw new HttpError(400, 'Body too large.');
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new HttpError(400, 'Body is not JSON.');
  }
  const input = parseVisit(data);
  if (input === undefined) throw new HttpError(400, 'Not a page view or a step.');
  // The longest event possible, with a country and a visitor key: refused, never cut.
  const longest = encodeEvent(visitEvent(input, { country: 'XX', visitor: 'x'.repeat(22) }));
  if (longest.length > MAX_ENCODED) throw new HttpError(400, 'Page view is too long.');
  return input;
}

/**
 * The visitor key of a request on the UTC day of `at`, or undefined under Global Privacy Control
 * or without a client address. A lead stored the same day finds its first page view by it
 * (repositories/visits.ts `firstView`), `readOnly`: with no salt yet (no view today) there is none.
 */
export async function requestVisitor(
  req: Request,
  context: FunctionContext,
  at: number,
  { readOnly = false } = {},
): Promise<string | undefined> {
  if (req.headers.get('sec-gpc')?.trim() === '1' || context.ip === undefined) return undefined;
  const day = dayOf(at);
  const salt = readOnly ? await existingDaySalt(day) : await daySalt(day);
  if (salt === undefined) return undefined;
  return visitorKey(salt, new URL(req.url).host, context.ip, req.headers.get('user-agent') ?? '');
}

export interface RecordOptions {
  clock?: () => number;
}

export function recordVisit({ clock = () => Date.now() }: RecordOptions = {}) {
  return async (req: Request, context: FunctionContext): Promise<Response> => {
    const input = await readVisit(req);
    const userAgent = req.headers.get('user-agent') ?? '';
    const accepted = new Response(null, { status: 202, headers: { 'cache-control': 'no-store' } });
    if (isbot(userAgent)) return accepted;
    const at = clock();
    const store = async () => {
      if (!(await takeQuota(at))) return;
      const visitor = isStep(input) ? undefined : await requestVisitor(req, context, at);
      const code = context.geo?.country?.code;
      const country = code !== undefined && /^[A-Z]{2}$/.test(code) ? code : undefined;
      const event = visitEvent(input, { country, visitor });
      await Promise.all([writeEvent(event, at), keepFirstView(event, at)]);
    };
    const stored = store().catch((error: unknown) => {
      // The answer is out: a lost view is logged (never its contents), not retried.
      console.error('pageview: not stored', error instanceof Error ? error.message : error);
    });
    if (context.waitUntil) context.waitUntil(stored);
    else await stored;
    return accepted;
  };
}
