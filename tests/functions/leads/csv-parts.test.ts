/**
 * GET /api/enquiries.csv in parts: each answer is one part, `X-Next-After: <id>` names the next
 * (`?after=<id>`, with an optional `limit` of 1..5000); only the first part carries the byte-order
 * mark and the header, so the parts joined in order are the whole export. A part cut short by time
 * (an injected `indexClock`) still holds at least one row and names the next part, and following
 * the parts yields every row exactly once.
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import enquiriesCsvFn from '../../../functions/enquiries-csv.ts';
import { isId } from '../../../functions/_lib/ids.ts';
import { enquiries } from '../../../functions/_lib/repositories/enquiries.ts';
import { forgetLoadedIndexes, indexClock } from '../../../functions/_lib/repositories/timeline.ts';
import { parseEnquiry } from '../../../src/lib/schemas/index.ts';
import { call, makeToken, useBlobs } from '../helpers.ts';
import { blobReads } from '../store-inspection.ts';
import { validEnquiry } from '../samples.ts';

const blobs = useBlobs({ silenceErrors: true });

const BOM = [0xef, 0xbb, 0xbf];
const realNow = indexClock.now;
let token = '';
beforeAll(async () => {
  token = await makeToken();
});
beforeEach(() => {
  forgetLoadedIndexes();
});
afterEach(() => {
  indexClock.now = realNow;
});

/** Stores `count` enquiries (names without commas or quotes); their ids, newest first. */
async function seed(count: number): Promise<string[]> {
  const parsed = parseEnquiry(validEnquiry());
  if (!parsed.success) throw new Error('invalid fixture');
  const ids: string[] = [];
  for (let n = 0; n < count; n++) {
    ids.push((await enquiries.create({ ...parsed.output, fullName: `Lead ${n}` }))._id);
  }
  return ids.sort().reverse();
}

interface Part {
  status: number;
  bytes: Uint8Array;
  /** The body as sent, the BOM kept. */
  text: string;
  next: string | null;
  /** Data rows (the header excluded). */
  rows: string[];
  ids: string[];
}

async function part(query: string): Promise<Part> {
  const res = await call(enquiriesCsvFn, { path: `/api/enquiries.csv${query}`, token });
  const bytes = new Uint8Array(await res.arrayBuffer());
  const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
  const lines = res.status === 200 ? text.split('\r\n').filter((line) => line !== '') : [];
  const rows = lines.filter((line) => !line.replace('\uFEFF', '').startsWith('ID,'));
  return {
    status: res.status,
    bytes,
    text,
    next: res.headers.get('x-next-after'),
    rows,
    ids: rows.map((row) => row.split(',')[0]!),
  };
}

/** Follows X-Next-After from the first part; the parts in order. */
async function allParts(limit?: number, beforeEachPart: () => void = () => {}): Promise<Part[]> {
  const parts: Part[] = [];
  let after: string | null = null;
  const extra = limit === undefined ? '' : `limit=${limit}`;
  do {
    beforeEachPart();
    const query: string =
      after === null ? (extra ? `?${extra}` : '') : `?after=${after}${extra ? `&${extra}` : ''}`;
    const next = await part(query);
    expect(next.status, query).toBe(200);
    parts.push(next);
    after = next.next;
    expect(parts.length).toBeLessThan(50);
  } while (after !== null);
  return parts;
}

const startsWithBom = (bytes: Uint8Array) => BOM.every((byte, i) => bytes[i] === byte);

describe('the CSV export in parts', () => {
  it('limit=10 over 25 enquiries: parts of 10, 10 and 5, joined equal to the whole export', async () => {
    const ids = await seed(25);
    const whole = await part('');
    expect(whole.status).toBe(200);
    expect(whole.next).toBeNull();
    expect(whole.ids).toEqual(ids);
    expect(startsWithBom(whole.bytes)).toBe(true);

    const parts = await allParts(10);
    expect(parts.map((p) => p.rows.length)).toEqual([10, 10, 5]);
    expect(parts.map((p) => p.next)).toEqual([ids[9], ids[19], null]);
    // Only the first part starts with the BOM and the header.
    expect(startsWithBom(parts[0]!.bytes)).toBe(true);
    expect(parts[0]!.text.startsWith('\uFEFFID,Date,')).toBe(true);
    for (const later of parts.slice(1)) {
      expect(startsWithBom(later.bytes)).toBe(false);
      expect(later.text).not.toContain('ID,Date,');
      expect(isId(later.text.slice(0, 26))).toBe(true);
    }
    // Joined byte for byte, they are the single export.
    expect(parts.map((p) => p.text).join('')).toBe(whole.text);
  });

  it('limit=1 walks one row at a time; limit=5000 is one part', async () => {
    const ids = await seed(4);
    const ones = await allParts(1);
    expect(ones.map((p) => p.ids)).toEqual(ids.map((id) => [id]));
    const max = await allParts(5000);
    expect(max).toHaveLength(1);
    expect(max[0]!.ids).toEqual(ids);
  });

  it('after the last id, or an id newer than all, answers what is older', async () => {
    const ids = await seed(3);
    const empty = await part(`?after=${ids.at(-1)!}`);
    expect(empty.status).toBe(200);
    expect(empty.text).toBe('');
    expect(empty.next).toBeNull();
  });

  it('refuses a malformed after or limit with 400', async () => {
    await seed(2);
    for (const query of [
      '?after=garbage',
      '?after=',
      '?limit=0',
      '?limit=5001',
      '?limit=abc',
      '?limit=-1',
      '?limit=1.5',
      '?limit=1e3',
      '?after=garbage&limit=10',
    ]) {
      const res = await call(enquiriesCsvFn, { path: `/api/enquiries.csv${query}`, token });
      expect(res.status, query).toBe(400);
      expect(await res.json()).toEqual({ error: expect.any(String) });
    }
  });

  it('a part cut short by time still answers ≥ 1 row and the next part; every row comes once', async () => {
    const ids = await seed(25);
    // Time runs out as soon as one record has been read for this part (the first batch
    // still completes): the clock jumps 10^9 ms at each reading from then on.
    let t = 0;
    indexClock.now = () => (blobReads(blobs.ops, 'enquiries').length > 0 ? (t += 1e9) : t);
    const parts = await allParts(undefined, () => blobs.resetOps());
    expect(parts.length).toBeGreaterThan(1);
    for (const [n, p] of parts.entries()) {
      expect(p.rows.length, `part ${n}`).toBeGreaterThanOrEqual(1);
      if (n < parts.length - 1) expect(p.next, `part ${n}`).toBe(p.ids.at(-1));
    }
    const exported = parts.flatMap((p) => p.ids);
    expect(exported).toEqual(ids);
    expect(new Set(exported).size).toBe(25);
    expect(startsWithBom(parts[0]!.bytes)).toBe(true);
    expect(parts.slice(1).some((p) => startsWithBom(p.bytes) || p.text.includes('ID,Date,'))).toBe(
      false,
    );
  });

  it('the same from a cold instance each part, with the index not yet built', async () => {
    const ids = await seed(25);
    let t = 0;
    indexClock.now = () => (blobReads(blobs.ops, 'enquiries').length > 0 ? (t += 1e9) : t);
    const parts = await allParts(undefined, () => {
      forgetLoadedIndexes();
      blobs.resetOps();
    });
    expect(parts.length).toBeGreaterThan(1);
    for (const p of parts) expect(p.rows.length).toBeGreaterThanOrEqual(1);
    expect(parts.flatMap((p) => p.ids)).toEqual(ids);
  });
});
