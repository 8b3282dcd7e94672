/**
 * The hourly limits on CV parts (issue 39; repositories/cv-parts.ts, cv-part-senders.ts): a cap
 * per client address (CV_PARTS_ADDRESS_PER_HOUR), checked before the site-wide ceiling
 * (CV_PARTS_SITE_PER_HOUR), neither taken by a retry of a part already stored, and an address
 * kept only as a keyed hash that the hourly upkeep sweeps. Against the real Blobs emulation, with
 * the handler's clock fixed.
 */
import { createHash } from 'node:crypto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { cvPartUpload } from '../../../functions/_lib/cv-parts-endpoint.ts';
import { endpoint } from '../../../functions/_lib/http.ts';
import { CV_PART_SENDERS_STORE } from '../../../functions/_lib/repositories/cv-part-senders.ts';
import { forgetCvPartPlaces, sweepCvParts } from '../../../functions/_lib/repositories/cv-parts.ts';
import { call, useBlobs } from '../helpers.ts';
import { storeOf } from '../storage/backup-kit.ts';

useBlobs();

const HOUR_MS = 3_600_000;
/** A quarter past an hour: 45 minutes (2,700 s) are left of it. */
const AT = Date.UTC(2026, 10, 29, 10, 15);
const HOUR = Math.floor(AT / HOUR_MS);
const ADDRESS = '198.51.100.23';
const OTHER = '203.0.113.99';
const BY_ADDRESS = 'You have sent many files in the last hour. Please try again in an hour.';
const SITE_FULL = 'Too many files are being sent right now. Please try again in an hour.';

beforeEach(() => {
  // A cold instance: no site-wide block or hour salt held over from another test.
  forgetCvPartPlaces();
});

/** An upload id of its own for each `n`. */
const uploadId = (n: number | string) => `upload-${String(n).padStart(4, '0')}-0123456789ab`;

interface Sending {
  upload?: string;
  part?: number;
  bytes?: Uint8Array<ArrayBuffer>;
  /** The client address; null: none (context.ip undefined). */
  ip?: string | null;
  at?: number;
}

function sendPart({
  upload = uploadId(0),
  part = 0,
  bytes = new Uint8Array([1, 2, 3]),
  ip = ADDRESS,
  at = AT,
}: Sending): Promise<Response> {
  const handler = endpoint(cvPartUpload(() => at));
  return call(
    // No address: the context Netlify gives without `ip` (some local runs).
    ip === null ? (req, { params }) => handler(req, { params }) : handler,
    {
      path: `/api/applications/parts?upload=${upload}&part=${part}`,
      body: bytes,
      headers: { 'content-type': 'application/octet-stream' },
      ...(ip === null ? {} : { ip }),
    },
  );
}

async function refusal(
  res: Response,
): Promise<{ status: number; error: string; retry: string | null }> {
  return {
    status: res.status,
    error: ((await res.json()) as { error: string }).error,
    retry: res.headers.get('retry-after'),
  };
}

const keysOf = async (store: string) =>
  (await storeOf(store).list()).blobs.map(({ key }) => key).sort();

/** The address places kept: `<hour>/<sender>/<n>`. */
const places = async () =>
  (await keysOf(CV_PART_SENDERS_STORE)).filter((key) => /^\d{7}\/[^/]+\/\d+$/.test(key));

const storedParts = async () => (await keysOf('cv-parts')).filter((key) => /^\d{7}\//.test(key));

describe('the hourly cap on CV parts per address', () => {
  it('stores an address’s parts up to its cap, refuses the next with 429 until the hour ends, and still takes another address’s', async () => {
    vi.stubEnv('CV_PARTS_ADDRESS_PER_HOUR', '3');
    for (let n = 0; n < 3; n++) expect((await sendPart({ upload: uploadId(n) })).status).toBe(201);
    expect(await refusal(await sendPart({ upload: uploadId(3) }))).toEqual({
      status: 429,
      error: BY_ADDRESS,
      retry: '2700',
    });
    expect((await sendPart({ upload: uploadId(4), ip: OTHER })).status).toBe(201);
    expect(await storedParts()).toHaveLength(4);
  });

  it('lets exactly the cap through of 30 parts sent at once from one address', async () => {
    vi.stubEnv('CV_PARTS_ADDRESS_PER_HOUR', '10');
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, n) => sendPart({ upload: uploadId(n) })),
    );
    const statuses = answers.map((res) => res.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(20);
    const refused = answers.filter((res) => res.status === 429);
    for (const res of refused) expect((await refusal(res)).error).toBe(BY_ADDRESS);
    expect(await places()).toHaveLength(10);
    expect(await storedParts()).toHaveLength(10);
  });

  it('takes no site-wide place for a part past the address’s cap', async () => {
    vi.stubEnv('CV_PARTS_ADDRESS_PER_HOUR', '2');
    vi.stubEnv('CV_PARTS_SITE_PER_HOUR', '10');
    for (let n = 0; n < 2; n++) expect((await sendPart({ upload: uploadId(n) })).status).toBe(201);
    for (let n = 2; n < 7; n++) {
      expect((await refusal(await sendPart({ upload: uploadId(n) }))).error).toBe(BY_ADDRESS);
    }
    // The site's 10 places less the first address's 2: eight other addresses get one each.
    for (let n = 0; n < 8; n++) {
      const res = await sendPart({ upload: uploadId(`s${n}`), ip: `192.0.2.${n + 1}` });
      expect(res.status, `address ${n + 1}`).toBe(201);
    }
    expect(await refusal(await sendPart({ upload: uploadId('s9'), ip: '192.0.2.9' }))).toEqual({
      status: 429,
      error: SITE_FULL,
      retry: '2700',
    });
    // The part the site refused gave its address's place back.
    expect(await places()).toHaveLength(10);
    expect(await storedParts()).toHaveLength(10);
  });

  it('answers a retry of a stored part 201 without taking a place', async () => {
    vi.stubEnv('CV_PARTS_ADDRESS_PER_HOUR', '2');
    const tokens = [];
    for (let sent = 0; sent < 3; sent++) {
      const res = await sendPart({ upload: uploadId(0) });
      expect(res.status, `sending ${sent + 1}`).toBe(201);
      tokens.push(((await res.json()) as { token: string }).token);
    }
    expect(new Set(tokens)).toEqual(new Set([`${HOUR}.${uploadId(0)}`]));
    expect(await places()).toHaveLength(1);
    expect((await sendPart({ upload: uploadId(1) })).status).toBe(201);
    expect((await refusal(await sendPart({ upload: uploadId(2) }))).error).toBe(BY_ADDRESS);
    // Another file under a stored part's id is refused before any place is counted.
    expect((await sendPart({ upload: uploadId(0), bytes: new Uint8Array([9]) })).status).toBe(409);
  });

  it('counts requests without an address under one shared name', async () => {
    vi.stubEnv('CV_PARTS_ADDRESS_PER_HOUR', '1');
    expect((await sendPart({ upload: uploadId(0), ip: null })).status).toBe(201);
    expect((await refusal(await sendPart({ upload: uploadId(1), ip: null }))).error).toBe(
      BY_ADDRESS,
    );
    expect((await sendPart({ upload: uploadId(2) })).status).toBe(201);
  });

  it('keeps no address in clear, nor its plain hash, and another hash each hour', async () => {
    const addresses = [ADDRESS, '2001:db8::7'];
    for (const [n, ip] of addresses.entries()) {
      expect((await sendPart({ upload: uploadId(n), ip })).status).toBe(201);
      expect((await sendPart({ upload: uploadId(n + 10), ip, at: AT + HOUR_MS })).status).toBe(201);
    }
    const keys = await keysOf(CV_PART_SENDERS_STORE);
    const kept = await places();
    expect(kept).toHaveLength(4);
    for (const key of keys) expect(key).toMatch(/^\d{7}\/([0-9a-f]{64}\/\d+|salt)$/);
    const plain = addresses.map((ip) => createHash('sha256').update(ip).digest('hex'));
    for (const key of keys) {
      for (const clear of [...addresses, ...plain]) expect(key).not.toContain(clear);
    }
    // Four senders' folders: one per address and hour, nothing to tie an hour's to the next's.
    expect(new Set(kept.map((key) => key.split('/')[1]))).toHaveLength(4);
  });

  it('is swept by the hourly upkeep: no place or salt of an hour before the current one is left', async () => {
    for (const back of [2, 1, 0]) {
      expect((await sendPart({ upload: uploadId(back), at: AT - back * HOUR_MS })).status).toBe(
        201,
      );
    }
    const hourOf = (key: string) => Number(key.slice(0, 7));
    expect(new Set((await keysOf(CV_PART_SENDERS_STORE)).map(hourOf))).toEqual(
      new Set([HOUR - 2, HOUR - 1, HOUR]),
    );
    await sweepCvParts(AT);
    const left = (await keysOf(CV_PART_SENDERS_STORE)).filter((key) => /^\d{7}\//.test(key));
    expect(left.map(hourOf)).toEqual([HOUR, HOUR]); // the hour's place and salt
    expect((await storedParts()).map(hourOf).sort()).toEqual([HOUR - 1, HOUR]);
  });
});
