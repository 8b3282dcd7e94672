/**
 * The outbox at scale and its index (functions/_lib/repositories/outbox.ts), against the real
 * local Blobs server (stores seeded on disk, seed-store.ts) and a real SMTP server on loopback:
 * nothing reads the whole outbox, so with 50,000 entries a failed e-mail is still retried at its
 * due time, the admin's list answers within the production storage deadline, clean-up deletes at
 * most its bound a run and every old sent entry over successive runs, and runs fired at once send
 * each message once; a send that hangs never stops the clean-up; entries written before the index
 * are indexed a bounded number a run; the list pages; every kind of e-mail listed can be retried.
 * Clocks are injected; the storage deadline is the production one where the test says so.
 */
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { getStore } from '@netlify/blobs';
import { afterAll, describe, expect, it, vi } from 'vitest';
import outboxFn from '../../../functions/outbox.ts';
import {
  CLEAN_PER_RUN,
  LEGACY_PER_RUN,
  UNDELIVERED_PAGE,
  deliverDue,
  enqueue,
  messageIdOf,
  type OutboxEntry,
} from '../../../functions/_lib/outbox.ts';
import { pointersOf, type MailKind } from '../../../functions/_lib/repositories/outbox.ts';
import { sendAlert } from '../../../functions/_lib/factors/alerts.ts';
import { newId } from '../../../functions/_lib/ids.ts';
import { site } from '../../../src/config/site.ts';
import type { OutboxListing } from '../../../src/lib/schemas/index.ts';
import { useFaultyBlobs } from '../faulty-blobs.ts';
import { call, makeToken, useBlobs } from '../helpers.ts';
import { seedStore, type SeedRecord } from '../seed-store.ts';
import { HangingServer, useMailServer } from './outbox-mail-server.ts';

const blobs = useBlobs({ silenceErrors: true });
const faulty = useFaultyBlobs(blobs);

const MIN = 60_000;
const DAY = 24 * 60 * MIN;
const iso = (ms: number) => new Date(ms).toISOString();

const mail = useMailServer();

const outbox = () => getStore({ name: 'outbox', consistency: 'strong' });

interface Made {
  state: OutboxEntry['state'];
  createdAt: number;
  sentAt?: number;
  nextAttemptAt?: number;
  claimedUntil?: number;
  kind?: MailKind;
  /** False: written before there was an index (no mark, no pointers). */
  indexed?: boolean;
}

/** An entry as the outbox writes it, for an enquiry made at `createdAt`. */
function made({ state, createdAt, sentAt, nextAttemptAt, claimedUntil, kind = 'notify' }: Made) {
  const id = newId(createdAt);
  const entry: OutboxEntry = {
    key: `enquiries/${id}/${kind}`,
    lead: { store: 'enquiries', id },
    kind,
    mail: {
      subject: 'New enquiry',
      text: 'A new enquiry came in.',
      to: site.email,
      messageId: messageIdOf(id, kind, site.email),
    },
    createdAt: iso(createdAt),
    state,
    attempts: state === 'pending' ? 1 : 3,
    nextAttemptAt: iso(nextAttemptAt ?? sentAt ?? createdAt),
    ...(state === 'sent' ? { sentAt: iso(sentAt ?? createdAt) } : { lastError: 'connect refused' }),
    ...(claimedUntil !== undefined && { claimedUntil: iso(claimedUntil) }),
  };
  return entry;
}

/** The records of `entries` with their index pointers (none for the ones before the index). */
function* recordsOf(entries: Iterable<OutboxEntry & { before?: true }>): Iterable<SeedRecord> {
  for (const { before, ...entry } of entries) {
    if (before) {
      yield { key: entry.key, value: entry };
      continue;
    }
    const indexed: OutboxEntry = { ...entry, indexed: true };
    yield { key: entry.key, value: indexed };
    for (const key of pointersOf(indexed)) yield { key, value: {} };
  }
}

const seed = (entries: Iterable<OutboxEntry & { before?: true }>, legacyDone = true) =>
  seedStore(blobs, 'outbox', [
    ...recordsOf(entries),
    ...(legacyDone ? [{ key: '_legacy', value: { done: true } }] : []),
  ]);

const exists = async (key: string) => (await outbox().get(key)) !== null;

async function list(token: string, after?: string) {
  const path =
    after === undefined ? '/api/outbox' : `/api/outbox?after=${encodeURIComponent(after)}`;
  return call(outboxFn, { path, token });
}

describe('50,000 entries, mostly sent', () => {
  let site = '';
  // Before the harness stops: its own removal of 150,000 files would outlast its hook's time.
  afterAll(async () => {
    if (site !== '')
      await rm(join(blobs.directory, 'entries', site), { recursive: true, force: true });
  }, 180_000);

  it('retries a failed e-mail at its due time, lists within the deadline, cleans up 100 a run, sends each once under concurrent runs', async () => {
    site = blobs.siteID;
    const t0 = Date.now();
    const old = Array.from({ length: 250 }, (_, i) =>
      made({ state: 'sent', createdAt: t0 - 9 * DAY + i * MIN, sentAt: t0 - 9 * DAY + i * MIN }),
    );
    const failed = Array.from({ length: 9 }, (_, i) =>
      made({ state: 'failed', createdAt: t0 - 4 * DAY + i * MIN }),
    );
    const retried = made({
      state: 'pending',
      createdAt: t0 - 10 * MIN,
      nextAttemptAt: t0 + 10 * MIN,
    });
    const recent = function* () {
      for (let i = 0; i < 50_000 - 260; i++) {
        const at = t0 - 6 * DAY + Math.floor((i * 6 * DAY) / 50_000);
        yield made({ state: 'sent', createdAt: at, sentAt: at + 1_000 });
      }
    };
    const recentSample: OutboxEntry[] = [];
    const seeded = await seed(
      (function* () {
        yield* old;
        yield* failed;
        yield retried;
        for (const entry of recent()) {
          if (recentSample.length < 20) recentSample.push(entry);
          yield entry;
        }
      })(),
    );
    expect(seeded).toBeGreaterThan(100_000);
    vi.stubEnv('STORAGE_TIMEOUT_MS', '4000');
    await mail().start();

    // Not due yet: nothing sent; the clean-up deletes its bound of old sent entries.
    const before = await deliverDue(undefined, { clock: () => t0 + 10 * MIN - 1 });
    expect(before).toMatchObject({ sent: 0, removed: CLEAN_PER_RUN, faults: [] });
    expect(mail().received).toEqual([]);

    // Due: sent, once.
    const due = await deliverDue(undefined, { clock: () => t0 + 10 * MIN });
    expect(due).toMatchObject({ sent: 1, removed: CLEAN_PER_RUN, faults: [] });
    expect(mail().received.map(({ messageId }) => messageId)).toEqual([retried.mail.messageId]);
    expect(await outbox().get(retried.key, { type: 'json' })).toMatchObject({ state: 'sent' });

    // The rest of the old sent entries over the next run; then nothing more.
    const third = await deliverDue(undefined, { clock: () => t0 + 15 * MIN });
    expect(third).toMatchObject({ sent: 0, removed: 250 - 2 * CLEAN_PER_RUN });
    expect(await deliverDue(undefined, { clock: () => t0 + 20 * MIN })).toMatchObject({
      removed: 0,
    });
    for (const entry of old.slice(0, 25)) expect(await exists(entry.key)).toBe(false);
    for (const entry of recentSample) expect(await exists(entry.key)).toBe(true);

    // The admin's list, under the production storage deadline.
    const token = await makeToken();
    const started = performance.now();
    const listed = await list(token);
    const took = performance.now() - started;
    expect(listed.status).toBe(200);
    const body = (await listed.json()) as OutboxListing;
    expect(body.undelivered.map(({ key }) => key)).toEqual(failed.map(({ key }) => key));
    expect(body.next).toBeUndefined();
    console.info(`outbox: list of 50,000 entries answered in ${took.toFixed(0)} ms`);

    // Runs fired at once over 20 more due e-mails: each sent once.
    const dueNow = Array.from({ length: 20 }, (_, i) =>
      made({ state: 'pending', createdAt: t0 + i, nextAttemptAt: t0 + 20 * MIN + i }),
    );
    await seed(dueNow);
    mail().received.length = 0;
    const runs = await Promise.all(
      [0, 1, 2, 3].map(() => deliverDue(undefined, { clock: () => t0 + 25 * MIN })),
    );
    expect(runs.reduce((sum, run) => sum + run.sent, 0)).toBe(20);
    const ids = mail().received.map(({ messageId }) => messageId);
    expect(ids).toHaveLength(20);
    expect(new Set(ids)).toEqual(new Set(dueNow.map(({ mail: { messageId } }) => messageId)));
  }, 120_000);
});

describe('the clean-up', () => {
  it('runs before the sends: a send that hangs does not stop it', async () => {
    const t0 = Date.now();
    // A message given up, sent again by hand, whose instance died mid-send: due, oldest of all.
    const stuck = made({
      state: 'sending',
      createdAt: t0 - 10 * DAY,
      nextAttemptAt: t0 - 2 * DAY,
      claimedUntil: t0 - 2 * DAY + 2 * MIN,
    });
    const old = Array.from({ length: 30 }, (_, i) =>
      made({ state: 'sent', createdAt: t0 - 9 * DAY + i, sentAt: t0 - 8 * DAY }),
    );
    await seed([stuck, ...old]);
    const hanging = new HangingServer();
    await hanging.start();
    vi.stubEnv('SMTP_PORT', String(hanging.port));
    vi.stubEnv('SMTP_TIMEOUT_MS', '60000');
    // When the send starts (and hangs), the old sent entries must be gone already.
    let leftWhenSending: Promise<number> | undefined;
    hanging.onConnection = () => {
      leftWhenSending ??= (async () => {
        const left = await Promise.all(old.map(({ key }) => exists(key)));
        await hanging.stop(); // Lets the hanging send fail, and the run end.
        return left.filter(Boolean).length;
      })();
    };
    const report = await deliverDue(undefined, { clock: () => t0 });
    expect(await leftWhenSending).toBe(0);
    expect(report).toMatchObject({ removed: 30, failed: 1 });
  });

  it('a clean-up that meets a storage fault leaves the sends to run', async () => {
    const t0 = Date.now();
    const pending = made({ state: 'pending', createdAt: t0 - 20 * MIN, nextAttemptAt: t0 - MIN });
    await seed([pending]);
    await mail().start();
    faulty.inject({ method: 'GET', path: /prefix=_sent/, fault: { kind: 'refuse', status: 503 } });
    const report = await deliverDue(undefined, { clock: () => t0 });
    expect(report).toMatchObject({ sent: 1, removed: 0, faults: ['clean-up'] });
    expect(mail().received).toHaveLength(1);
  });
});

describe('entries written before the index', () => {
  it('are indexed at most LEGACY_PER_RUN a run, then sent, listed and cleaned up like any', async () => {
    const t0 = Date.now();
    const before = <T extends OutboxEntry>(entry: T) => ({ ...entry, before: true as const });
    const oldSent = Array.from({ length: 150 }, (_, i) =>
      before(made({ state: 'sent', createdAt: t0 - 9 * DAY + i, sentAt: t0 - 8 * DAY })),
    );
    const recentSent = Array.from({ length: 90 }, (_, i) =>
      before(made({ state: 'sent', createdAt: t0 - DAY + i, sentAt: t0 - DAY + i })),
    );
    const pending = Array.from({ length: 10 }, (_, i) =>
      before(made({ state: 'pending', createdAt: t0 - 20 * MIN + i, nextAttemptAt: t0 - MIN })),
    );
    const failed = Array.from({ length: 10 }, (_, i) =>
      before(made({ state: 'failed', createdAt: t0 - 4 * DAY + i })),
    );
    await seed([...oldSent, ...recentSent, ...pending, ...failed], false);
    await mail().start();

    const reports = [];
    for (let run = 0; run < 5; run++) {
      reports.push(await deliverDue(undefined, { clock: () => t0 + run * 5 * MIN }));
    }
    const total = 150 + 90 + 10 + 10;
    for (const report of reports) expect(report.indexed).toBeLessThanOrEqual(LEGACY_PER_RUN);
    expect(reports.reduce((sum, report) => sum + report.indexed, 0)).toBe(total);
    expect(reports.at(-1)!.indexed).toBe(0);
    expect(reports.reduce((sum, report) => sum + report.removed, 0)).toBe(150);
    expect(
      mail()
        .received.map(({ messageId }) => messageId)
        .sort(),
    ).toEqual(pending.map(({ mail: { messageId } }) => messageId).sort());
    for (const entry of recentSent.slice(0, 10)) expect(await exists(entry.key)).toBe(true);
    const listed = (await (await list(await makeToken())).json()) as OutboxListing;
    expect(listed.undelivered.map(({ key }) => key)).toEqual(failed.map(({ key }) => key));
  });
});

describe("the admin's list", () => {
  it('pages: at most UNDELIVERED_PAGE a page, oldest first, `next` to the following page', async () => {
    const t0 = Date.now();
    const failed = Array.from({ length: 120 }, (_, i) =>
      made({ state: 'failed', createdAt: t0 - 4 * DAY + i * MIN }),
    );
    await seed(failed);
    // The service promises no order of a listing, nor whether folders end in '/'.
    faulty.inject(
      { method: 'GET', path: /prefix=/, fault: { kind: 'reverse-listing' } },
      { method: 'GET', path: /directories=true/, fault: { kind: 'slash-directories' } },
    );
    const token = await makeToken();
    const keys: string[] = [];
    let after: string | undefined;
    const sizes: number[] = [];
    do {
      const res = await list(token, after);
      expect(res.status).toBe(200);
      const body = (await res.json()) as OutboxListing;
      sizes.push(body.undelivered.length);
      keys.push(...body.undelivered.map(({ key }) => key));
      after = body.next;
    } while (after !== undefined);
    expect(sizes).toEqual([UNDELIVERED_PAGE, UNDELIVERED_PAGE, 120 - 2 * UNDELIVERED_PAGE]);
    expect(keys).toEqual(failed.map(({ key }) => key));
    expect((await list(token, 'enquiries/x')).status).toBe(400);
  });

  it('every kind listed can be retried: a notification, an acknowledgement, a security alert', async () => {
    const createdAt = iso(Date.now() - 20 * 60_000);
    const queued = [
      await enqueue(
        { store: 'enquiries', id: newId(), createdAt },
        'notify',
        { subject: 'New enquiry', text: 'A new enquiry.' },
        undefined,
      ),
      await enqueue(
        { store: 'contact-messages', id: newId(), createdAt },
        'ack',
        { subject: 'Thank you', text: 'We have your message.', to: 'visitor@example.com' },
        undefined,
      ),
    ];
    // A security alert as the admin's sign-in queues it (its first attempt fails: no server).
    await sendAlert(
      'new-device',
      { about: 'a browser' },
      undefined,
      { params: {} },
      Date.parse(createdAt),
    );
    const alerts = (await outbox().list({ prefix: 'security/' })).blobs.map(({ key }) => key);
    expect(alerts).toHaveLength(1);
    const token = await makeToken();
    const listed = (await (await list(token)).json()) as OutboxListing;
    expect(listed.undelivered.map(({ kind }) => kind).sort()).toEqual(['ack', 'alert', 'notify']);
    expect(listed.undelivered.map(({ key }) => key).sort()).toEqual(
      [...queued.map((item) => item!.key), ...alerts].sort(),
    );
    await mail().start();
    for (const { key } of listed.undelivered) {
      const res = await call(outboxFn, { path: '/api/outbox', token, json: { key } });
      expect(res.status, key).toBe(200);
      expect(await res.json()).toEqual({ result: 'sent' });
    }
    expect(mail().received).toHaveLength(3);
    expect(((await (await list(token)).json()) as OutboxListing).undelivered).toEqual([]);
  });
});
