/**
 * The parts of a large CV, sent ahead of its application (issue 39): Netlify
 * takes at most 6 MB in one request and base64-encodes a binary one, which leaves about 4.5 MB for
 * a file; a CV of up to 5 MB is therefore sent by the form's script in parts of at most
 * CV_PART_BYTES, each a request of its own, and the application names them (`<hour>.<upload>`
 * and their count) and carries the last piece itself.
 *
 * A part is kept under `<hour>/<upload>/<index>`: the hour it arrived (an upload's parts share
 * the hour of its first), the sender's random upload id (the submission's Idempotency-Key), its
 * place. Written with `onlyIfNew`: a retry of the same part finds it (same digest: fine), another
 * file under the same id is refused. The application takes its parts only from this hour or the
 * last; the hourly upkeep sweeps older hours (time-sweep.ts), so an abandoned part (a CV, so
 * personal data with no record naming it) lives two hours at most.
 *
 * Two limits bound what is stored, checked in this order, each only for a part not yet stored
 * (a retry of a stored part, same key and digest, is answered as stored and takes no place):
 * - per client address, CV_PARTS_ADDRESS_PER_HOUR (cv-part-senders.ts), so one address cannot
 *   take the whole hour's ceiling; first, so an address past its cap takes no site-wide place;
 * - site-wide, CV_PARTS_SITE_PER_HOUR (block-quota.ts), which bounds what addresses in numbers
 *   can store; a part it refuses gives its address's place back.
 * Two identical retries at once may both find the part missing and both take places (the second
 * write then finds the first's part): rare, and the address's place is given back, the site's
 * not.
 */
import { readPositiveInt } from '../env.ts';
import { sha256Of } from './attachments.ts';
import { blockQuota } from './block-quota.ts';
import { forgetSenderSalts, sweepCvPartSenders, takeSenderPlace } from './cv-part-senders.ts';
import { withStore } from './store.ts';
import { sweepBefore, type SweepLayout } from './time-sweep.ts';

export const CV_PARTS_STORE = 'cv-parts';
const CV_PARTS_QUOTA_STORE = 'cv-parts-quota';
const HOUR_MS = 3_600_000;
const HOUR_DIGITS = 7;

export { CV_PART_BYTES } from '../../../src/lib/schemas/application.ts';
/** Parts ahead of the application's own piece: a 5 MB CV needs one. */
export const MAX_CV_PARTS = 2;
/** An upload's id: the submission's Idempotency-Key (idempotencyKey in submission.ts). */
export const UPLOAD_ID = /^[\w-]{16,64}$/;
/** How an application names its parts: `<hour>.<upload id>`. */
export const PARTS_TOKEN = /^(\d{1,7})\.([\w-]{16,64})$/;

export const cvPartsPerHour = () => readPositiveInt('CV_PARTS_SITE_PER_HOUR', 200);

const pad = (hour: number) => String(hour).padStart(HOUR_DIGITS, '0');
const keyOf = (hour: number, upload: string, index: number) => `${pad(hour)}/${upload}/${index}`;

const quota = blockQuota({
  store: CV_PARTS_QUOTA_STORE,
  windowMs: HOUR_MS,
  capacity: cvPartsPerHour,
  blockSize: 10,
  prefix: (hour) => `${pad(hour)}/`,
});

export type PutPart =
  | { kind: 'stored'; token: string }
  | { kind: 'conflict' }
  | { kind: 'address-full' }
  | { kind: 'full' };

export interface PartSender {
  /** When the part arrived (epoch ms): the hour whose places it takes. */
  now: number;
  /** The hour the upload's parts are kept under: its first part's, else the hour of `now`. */
  hour?: number;
  /** The client address (Netlify's `context.ip`); undefined counts as one unknown sender. */
  address: string | undefined;
}

/**
 * Stores part `index` of upload `upload`; `conflict` when another file's part is there,
 * `address-full` past the address's hourly cap, `full` past the site's ceiling. A part already
 * stored with the same bytes is `stored` again without taking a place.
 */
export async function putPart(
  upload: string,
  index: number,
  bytes: Uint8Array,
  { now, hour = Math.floor(now / HOUR_MS), address }: PartSender,
): Promise<PutPart> {
  const key = keyOf(hour, upload, index);
  const digest = sha256Of(bytes);
  const stored: PutPart = { kind: 'stored', token: `${hour}.${upload}` };
  const there = await withStore(CV_PARTS_STORE, (store) => store.getMetadata(key));
  if (there !== null) return there.metadata['sha256'] === digest ? stored : { kind: 'conflict' };
  const place = await takeSenderPlace(address, now);
  if (place === undefined) return { kind: 'address-full' };
  if (!(await quota.take(now))) {
    await place.release();
    return { kind: 'full' };
  }
  return withStore(CV_PARTS_STORE, async (store) => {
    const body = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
    const { modified } = await store.set(key, body as ArrayBuffer, {
      onlyIfNew: true,
      metadata: { sha256: digest },
    });
    if (modified) return stored;
    // Written meanwhile by a request that raced this one: its place stands for the part.
    await place.release();
    const raced = await store.getMetadata(key);
    return raced?.metadata['sha256'] === digest ? stored : { kind: 'conflict' };
  });
}

/** Forgets the site-wide blocks and the hour salts this instance holds (tests: a cold one). */
export function forgetCvPartPlaces(): void {
  quota.forget();
  forgetSenderSalts();
}

/** The hour and upload a token names, when the token is one and its hour is this or the last. */
export function readToken(
  token: string,
  now: number,
): { hour: number; upload: string } | undefined {
  const match = PARTS_TOKEN.exec(token);
  if (!match) return undefined;
  const hour = Number(match[1]);
  const current = Math.floor(now / HOUR_MS);
  return hour === current || hour === current - 1 ? { hour, upload: match[2]! } : undefined;
}

/** The `count` parts a token names, in order; undefined when one is missing. */
export async function readParts(
  token: string,
  count: number,
  now: number,
): Promise<Uint8Array[] | undefined> {
  const named = readToken(token, now);
  if (named === undefined || count < 1 || count > MAX_CV_PARTS) return undefined;
  return withStore(CV_PARTS_STORE, async (store) => {
    const parts: Uint8Array[] = [];
    for (let index = 0; index < count; index++) {
      const found = await store.get(keyOf(named.hour, named.upload, index), {
        type: 'arrayBuffer',
      });
      if (found === null) return undefined;
      parts.push(new Uint8Array(found));
    }
    return parts;
  });
}

/** Deletes the parts a token names (once joined into a file, or refused with it). */
export async function dropParts(token: string, count: number, now: number): Promise<void> {
  const named = readToken(token, now);
  if (named === undefined) return;
  await withStore(CV_PARTS_STORE, async (store) => {
    for (let index = 0; index < Math.min(count, MAX_CV_PARTS); index++) {
      await store.delete(keyOf(named.hour, named.upload, index));
    }
  });
}

const LAYOUT: SweepLayout = {
  width: HOUR_DIGITS,
  prefixDigits: HOUR_DIGITS,
  timeOf: (key) => (/^\d{7}\//.test(key) ? Number(key.slice(0, HOUR_DIGITS)) : undefined),
};

/**
 * Deletes parts older than the last hour, and past hours' ceiling blocks and address places
 * (with their salts); how many parts.
 */
export async function sweepCvParts(now: number): Promise<number> {
  const current = Math.floor(now / HOUR_MS);
  const limits = { limit: 1_000, buckets: 48 } as const;
  await withStore(CV_PARTS_QUOTA_STORE, (store) => sweepBefore(store, LAYOUT, current, limits));
  await sweepCvPartSenders(now);
  return withStore(CV_PARTS_STORE, (store) => sweepBefore(store, LAYOUT, current - 1, limits));
}
