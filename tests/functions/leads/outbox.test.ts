/**
 * The outbox (functions/_lib/outbox.ts) against a real SMTP server on loopback and the Blobs
 * emulation: an e-mail is queued with its lead and sent after the answer; a mail server that is
 * down gets the e-mail once it is back, by the schedule's retries, once; instances retrying at
 * once send each e-mail once; a claim left by a dead instance runs out; a message is given up
 * after 3 days and the admin can send it again; a lead's e-mails go with it; an outbox that cannot
 * be written never costs the lead. Clocks are injected: nothing here waits for real minutes.
 */
import { getStore } from '@netlify/blobs';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import contactFn from '../../../functions/contact.ts';
import enquiriesFn from '../../../functions/enquiries.ts';
import outboxFn from '../../../functions/outbox.ts';
import schedule from '../../../functions/outbox-schedule.ts';
import {
  CLAIM_MS,
  GIVE_UP_AFTER_MS,
  deliverDue,
  messageIdOf,
  retryAt,
  type OutboxEntry,
} from '../../../functions/_lib/outbox.ts';
import { site } from '../../../src/config/site.ts';
import { useFaultyBlobs } from '../faulty-blobs.ts';
import { call, deleteRecord, makeToken, useBlobs } from '../helpers.ts';
import { validContact, validEnquiry } from '../samples.ts';
import { useMailServer } from './outbox-mail-server.ts';

const blobs = useBlobs({ silenceErrors: true });
const faulty = useFaultyBlobs(blobs);

const MIN = 60_000;

const mail = useMailServer();

beforeEach(() => {
  // The office's e-mail only: acknowledgements have tests of their own.
  vi.stubEnv('ACKNOWLEDGE_SENDER', 'false');
});

const outbox = () => getStore({ name: 'outbox', consistency: 'strong' });
const entryOf = async (key: string) =>
  (await outbox().get(key, { type: 'json' })) as OutboxEntry | null;

/** A new enquiry (or message), its e-mail attempted before the answer (no waitUntil here). */
async function submit(kind: 'enquiries' | 'contact-messages' = 'enquiries') {
  const res =
    kind === 'enquiries'
      ? await call(enquiriesFn, { path: '/api/enquiries', json: validEnquiry() })
      : await call(contactFn, { path: '/api/contact', json: validContact() });
  expect(res.status).toBe(201);
  const { _id } = (await res.json()) as { _id: string };
  return { id: _id, key: `${kind}/${_id}/notify` };
}

describe('the schedule of attempts', () => {
  it('waits 5 min, 15 min, 1 h, 6 h, then 12 h at a time, and gives up 3 days after the lead', () => {
    const tries = [0];
    for (let failures = 1; ; failures++) {
      const at = retryAt(0, failures, tries.at(-1)!);
      if (at === undefined) break;
      tries.push(at);
    }
    expect(tries.map((ms) => ms / MIN)).toEqual([
      0, 5, 20, 80, 440, 1_160, 1_880, 2_600, 3_320, 4_040,
    ]);
    expect(tries.at(-1)! + 12 * 60 * MIN).toBeGreaterThan(GIVE_UP_AFTER_MS);
  });
});

describe('delivery', () => {
  it('queues the e-mail with the lead and sends it after the answer, with a stable Message-ID', async () => {
    await mail().start();
    const { id, key } = await submit();
    expect(mail().received).toEqual([
      { messageId: messageIdOf(id, 'notify', site.email), to: [site.email] },
    ]);
    expect(await entryOf(key)).toMatchObject({ state: 'sent', attempts: 1 });
  });

  it('a mail server down for 10 minutes: sent once it is back, by the schedule, once', async () => {
    const { id, key } = await submit();
    // The first attempt failed just now: the schedule's clock starts here.
    const t0 = Date.now();
    expect(await entryOf(key)).toMatchObject({ state: 'pending', attempts: 1 });
    const at = (minutes: number) => () => t0 + minutes * MIN;
    for (const minute of [5, 10, 15, 20, 25, 30, 60]) {
      if (minute === 10) await mail().start();
      await deliverDue(undefined, { clock: at(minute) });
    }
    expect(mail().received.map(({ messageId }) => messageId)).toEqual([
      messageIdOf(id, 'notify', site.email),
    ]);
    // Tried at 0 (down), 5 (down), then at 20, 15 minutes after the second failure: sent.
    const entry = await entryOf(key);
    expect(entry).toMatchObject({ state: 'sent', attempts: 3 });
    expect(Date.parse(entry!.sentAt!) - t0).toBe(20 * MIN);
    // The scheduled function itself: nothing left to send.
    expect((await schedule(new Request('http://localhost/'))).status).toBe(204);
    expect(mail().received).toHaveLength(1);
  });

  it('three instances retrying at once send each of 12 e-mails once', async () => {
    const queued = [];
    for (let i = 0; i < 6; i++) queued.push(await submit(), await submit('contact-messages'));
    await mail().start();
    const later = () => Date.now() + 10 * MIN;
    const reports = await Promise.all([0, 1, 2].map(() => deliverDue(undefined, { clock: later })));
    expect(reports.reduce((sum, report) => sum + report.sent, 0)).toBe(12);
    const ids = mail().received.map(({ messageId }) => messageId);
    expect(ids).toHaveLength(12);
    expect(new Set(ids).size).toBe(12);
    for (const { key } of queued) expect(await entryOf(key)).toMatchObject({ state: 'sent' });
  });

  it('a claim left by an instance that died mid-send runs out; a live one is respected', async () => {
    const { key } = await submit();
    await mail().start();
    const entry = (await entryOf(key))!;
    // An instance claimed it when it was due, and died.
    const claimedAt = Date.parse(entry.nextAttemptAt);
    await outbox().setJSON(key, {
      ...entry,
      state: 'sending',
      claimedUntil: new Date(claimedAt + CLAIM_MS).toISOString(),
    });
    await deliverDue(undefined, { clock: () => claimedAt + CLAIM_MS - 1 });
    expect(mail().received).toEqual([]);
    await deliverDue(undefined, { clock: () => claimedAt + CLAIM_MS });
    expect(mail().received).toHaveLength(1);
    expect(await entryOf(key)).toMatchObject({ state: 'sent' });
  });
});

describe('what the admin sees', () => {
  it('lists an e-mail given up after 3 days, and sends it on Retry now', async () => {
    const t0 = Date.now();
    const { id, key } = await submit();
    // The server stays down through every attempt of the schedule: each run on the 5-minute
    // grid once the next attempt is due (the runs in between find nothing due).
    for (let minute = 5; minute <= 4_400; minute += 5) {
      const pending = await entryOf(key);
      if (pending?.state !== 'pending') break;
      if (Date.parse(pending.nextAttemptAt) > t0 + minute * MIN) continue;
      await deliverDue(undefined, { clock: () => t0 + minute * MIN });
    }
    const given = await entryOf(key);
    expect(given).toMatchObject({ state: 'failed', attempts: 10 });
    expect(given!.lastError).toMatch(/ECONNREFUSED/);

    const token = await makeToken();
    expect((await call(outboxFn, { path: '/api/outbox' })).status).toBe(401);
    const listed = await call(outboxFn, { path: '/api/outbox', token });
    expect(listed.status).toBe(200);
    expect(await listed.json()).toEqual({
      undelivered: [
        {
          key,
          kind: 'notify',
          to: site.email,
          lead: { store: 'enquiries', id },
          state: 'failed',
          attempts: 10,
          lastError: given!.lastError,
          createdAt: given!.createdAt,
        },
      ],
    });

    const refused = await call(outboxFn, { path: '/api/outbox', token, json: { key: '../x' } });
    expect(refused.status).toBe(400);
    await mail().start();
    const retried = await call(outboxFn, { path: '/api/outbox', token, json: { key } });
    expect(await retried.json()).toEqual({ result: 'sent' });
    expect(mail().received).toHaveLength(1);
    const after = await call(outboxFn, { path: '/api/outbox', token });
    expect(await after.json()).toEqual({ undelivered: [] });
    const again = await call(outboxFn, { path: '/api/outbox', token, json: { key } });
    expect(again.status).toBe(409);
  });

  it('does not list an e-mail still within its first 15 minutes', async () => {
    await submit();
    const listed = await call(outboxFn, { path: '/api/outbox', token: await makeToken() });
    expect(await listed.json()).toEqual({ undelivered: [] });
  });
});

describe('with the lead', () => {
  it("a deleted lead's e-mail leaves the outbox with it", async () => {
    const { id, key } = await submit();
    expect(await entryOf(key)).not.toBeNull();
    expect((await deleteRecord(enquiriesFn, 'enquiries', id, await makeToken())).status).toBe(204);
    expect(await entryOf(key)).toBeNull();
    const { blobs: left } = await outbox().list();
    expect(left.filter(({ key: k }) => k.includes(id)).map(({ key: k }) => k)).toEqual([]);
  });

  it('an outbox that cannot be written costs no lead: stored, answered 201, e-mailed at once', async () => {
    await mail().start();
    faulty.inject({ method: 'PUT', path: /outbox/, fault: { kind: 'refuse', status: 503 } });
    const res = await call(enquiriesFn, { path: '/api/enquiries', json: validEnquiry() });
    expect(res.status).toBe(201);
    blobs.restore();
    const { _id } = (await res.json()) as { _id: string };
    const token = await makeToken();
    const stored = await call(enquiriesFn, {
      path: `/api/enquiries/${_id}`,
      token,
      params: { id: _id },
    });
    expect(stored.status).toBe(200);
    expect(mail().received).toHaveLength(1);
    expect(await entryOf(`enquiries/${_id}/notify`)).toBeNull();
  });

  it('queues nothing where no e-mail is sent (no SMTP_HOST)', async () => {
    vi.stubEnv('SMTP_HOST', '');
    const { key } = await submit();
    expect(await entryOf(key)).toBeNull();
  });
});
