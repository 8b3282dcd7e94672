/**
 * Notes added at the same moment to one lead (POST /api/enquiries/:id/notes without If-Match):
 * each is appended by a conditional write that reads again and retries with jitter while the
 * request's deadline allows, then answers 409 (contention is not an outage): never a 5xx. Every
 * 201 is a note that is stored, and no note is stored twice or without its 201.
 */
import { getStore } from '@netlify/blobs';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import enquiriesFn from '../../../functions/enquiries.ts';
import { call, createdId, makeToken, useBlobs } from '../helpers.ts';
import { validEnquiry } from '../samples.ts';

useBlobs({ silenceErrors: true });

let token = '';
beforeEach(async () => {
  token = await makeToken();
});

const submit = async () =>
  createdId(await call(enquiriesFn, { path: '/api/enquiries', json: validEnquiry() }));

const note = (id: string, text: string) =>
  call(enquiriesFn, {
    path: `/api/enquiries/${id}/notes`,
    params: { id },
    json: { text },
    token,
  });

interface Stored {
  notes: { text: string; at: string }[];
  version: number;
}

const stored = async (id: string) =>
  (await getStore({ name: 'enquiries', consistency: 'strong' }).get(id, {
    type: 'json',
  })) as Stored;

async function concurrentNotes(count: number) {
  const id = await submit();
  const texts = Array.from({ length: count }, (_, n) => `Note number ${n}`);
  const started = Date.now();
  const answers = await Promise.all(
    texts.map(async (text) => {
      const res = await note(id, text);
      return { text, status: res.status, retryAfter: res.headers.get('retry-after') };
    }),
  );
  const record = await stored(id);
  return { id, answers, record, ms: Date.now() - started };
}

const statusCounts = (answers: { status: number }[]) => {
  const counts: Record<number, number> = {};
  for (const { status } of answers) counts[status] = (counts[status] ?? 0) + 1;
  return counts;
};

type Outcome = Awaited<ReturnType<typeof concurrentNotes>>;

/** No 5xx: every answer is 201 or 409 (Retry-After: 1), and exactly the 201s' notes are stored. */
function expectOnlyAcceptedStored({ answers, record }: Outcome) {
  const counts = statusCounts(answers);
  expect(
    answers.filter((a) => a.status !== 201 && a.status !== 409),
    JSON.stringify(counts),
  ).toEqual([]);
  const accepted = answers.filter((a) => a.status === 201).map((a) => a.text);
  expect(record.notes.map((n) => n.text).sort()).toEqual(accepted.sort());
  expect(record.version).toBe(1 + accepted.length);
  for (const refused of answers.filter((a) => a.status === 409)) {
    expect(refused.retryAfter).toBe('1');
  }
}

describe('concurrent notes on one lead', () => {
  it('40 at once: no 5xx, each 201 or 409, and exactly the 201s are stored', async () => {
    expectOnlyAcceptedStored(await concurrentNotes(40));
  });

  it('20 at once: all 201, all stored, in the order of their times', async () => {
    const { answers, record } = await concurrentNotes(20);
    expect(statusCounts(answers)).toEqual({ 201: 20 });
    expect(record.notes.map((n) => n.text).sort()).toEqual(answers.map((a) => a.text).sort());
    expect(record.version).toBe(21);
    const times = record.notes.map((n) => n.at);
    expect(times).toEqual([...times].sort());
  });

  it('40 at once under a short deadline (1 s): still no 5xx, only 201 or 409, the 201s stored', async () => {
    // Too short for 40 writes in turn: most give up, and must say 409, not 503.
    vi.stubEnv('STORAGE_TIMEOUT_MS', '1000');
    expectOnlyAcceptedStored(await concurrentNotes(40));
  });
});
