/**
 * Held submissions (functions/_lib/hold.ts, held-review.ts, functions/held.ts) against the Blobs
 * emulation: what is held (a spam text, no proof, the honeypot), that it is answered as an
 * accepted one and e-mails nobody, Not spam under 20 concurrent accepts, delete, retention at 30
 * days, erasure and the office's daily line.
 */
import { getStore } from '@netlify/blobs';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import contactFn from '../../../functions/contact.ts';
import erasureFn from '../../../functions/erasure.ts';
import heldFn from '../../../functions/held.ts';
import { heldDigest, purgeHeld } from '../../../functions/_lib/held-review.ts';
import { withRequestScope } from '../../../functions/_lib/repositories/store.ts';
import type { HeldSubmission } from '../../../src/lib/held/index.ts';
import ham from '../../fixtures/spam/ham.json' with { type: 'json' };
import spam from '../../fixtures/spam/spam.json' with { type: 'json' };
import { call, makeToken, testProof, useBlobs } from '../helpers.ts';
import { useMailServer } from '../leads/outbox-mail-server.ts';
import { validContact } from '../samples.ts';
import { liveIds } from '../store-inspection.ts';

useBlobs();
useMailServer();

const DAY = 86_400_000;

beforeEach(() => {
  vi.stubEnv('ALTCHA_MAX_NUMBER', '20');
  vi.stubEnv('ACKNOWLEDGE_SENDER', 'false');
});

/** A send with a proof of work solved a minute after the first focus (helpers.ts `call`). */
const postContact = (body: Record<string, unknown>, ip = '203.0.113.7') =>
  call(contactFn, { path: '/api/contact', json: body, ip });

const outboxKeys = async () =>
  (await getStore({ name: 'outbox', consistency: 'strong' }).list()).blobs
    .map(({ key }) => key)
    .filter((key) => !key.startsWith('_'));

async function heldList(): Promise<{ total: string | null; items: HeldSubmission[] }> {
  const res = await call(heldFn, { path: '/api/held', token: await makeToken() });
  expect(res.status).toBe(200);
  return { total: res.headers.get('x-total-count'), items: (await res.json()) as HeldSubmission[] };
}

const act = async (id: string, action: string) =>
  call(heldFn, {
    path: `/api/held/${id}`,
    params: { id },
    json: { action },
    token: await makeToken(),
  });

const SPAM_TEXT = spam.find((sample) => sample.kind === 'messages')!.fields as Record<
  string,
  string
>;

describe('what is held', () => {
  it('holds a spam text: stored held with its reasons, not a lead, no e-mail, answered as accepted', async () => {
    vi.stubEnv('ACKNOWLEDGE_SENDER', 'true');
    const accepted = await postContact(validContact());
    const held = await postContact(validContact(SPAM_TEXT));
    expect(held.status).toBe(accepted.status);
    const bodies = [await accepted.json(), await held.json()] as Record<string, unknown>[];
    expect(Object.keys(bodies[1]!).sort()).toEqual(Object.keys(bodies[0]!).sort());
    // An acknowledgement is on its way, as for the accepted one (it is, if found not spam).
    expect([bodies[0]!['acknowledged'], bodies[1]!['acknowledged']]).toEqual([true, true]);
    expect(await liveIds('contact-messages')).toEqual([bodies[0]!['_id']]);
    const { total, items } = await heldList();
    expect(total).toBe('1');
    expect(items[0]).toMatchObject({
      _id: bodies[1]!['_id'],
      kind: 'messages',
      verification: 'verified',
      email: 'ravi@example.com',
      fields: { message: SPAM_TEXT['message'] },
    });
    expect(items[0]!.reasons.map(({ rule }) => rule)).toContain('spam-phrase');
    expect(items[0]!.reasons.every(({ reason }) => reason.length > 10)).toBe(true);
    // The accepted one's e-mails only.
    const lead = `contact-messages/${String(bodies[0]!['_id'])}`;
    expect((await outboxKeys()).sort()).toEqual([`${lead}/ack`, `${lead}/notify`]);
  });

  it('holds a send a second after the first focus; SPAM_FILL_TIME=off spares it off the deploys only', async () => {
    const quick = (context?: { deploy: { context: string } }) =>
      testProof(1_000).then((altcha) =>
        call(contactFn, {
          path: '/api/contact',
          json: validContact({ altcha }),
          ...(context ? { context } : {}),
        }),
      );
    await quick();
    expect((await heldList()).items[0]!.reasons.map(({ rule }) => rule)).toEqual(['too-fast']);
    vi.stubEnv('SPAM_FILL_TIME', 'off');
    const local = (await (await quick()).json()) as { _id: string };
    expect(await liveIds('contact-messages')).toEqual([local._id]);
    vi.stubEnv('ALTCHA_HMAC_KEY', 'test-altcha-key-of-at-least-32-bytes-length');
    await quick({ deploy: { context: 'production' } });
    expect(await liveIds('contact-messages')).toEqual([local._id]);
    expect((await heldList()).total).toBe('2');
  });

  it('holds a form post without a proof (no JavaScript) and sends it to the thank-you page', async () => {
    const res = await call(contactFn, {
      path: '/api/contact',
      form: validContact() as Record<string, string>,
      proof: false,
    });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toMatch(/\/thank-you\//);
    expect(await liveIds('contact-messages')).toEqual([]);
    const { items } = await heldList();
    expect(items.map(({ reasons }) => reasons.map(({ rule }) => rule))).toEqual([['unverified']]);
    expect(await outboxKeys()).toEqual([]);
  });

  it('holds a honeypot catch, its text cut short, and answers it as a success', async () => {
    const res = await call(contactFn, {
      path: '/api/contact',
      json: validContact({
        website: 'http://spam.example',
        message: 'x'.repeat(9_000),
        extra: 'y',
      }),
    });
    expect(res.status).toBe(201);
    expect(Object.keys((await res.json()) as object).sort()).toEqual([
      '_id',
      'acknowledged',
      'createdAt',
      'reference',
    ]);
    const { items } = await heldList();
    expect(items).toHaveLength(1);
    expect(items[0]!.reasons.map(({ rule }) => rule)).toEqual(['honeypot']);
    expect((items[0]!.fields['message'] as string).length).toBe(2_000);
    expect(items[0]!.fields).not.toHaveProperty('extra');
    expect(items[0]!.fields).not.toHaveProperty('website');
    expect(await outboxKeys()).toEqual([]);
  });

  it('accepts a real message in English, Malayalam and Arabic', async () => {
    for (const lang of ['en', 'ml', 'ar']) {
      const sample = ham.find((one) => one.lang === lang && one.kind === 'messages')!;
      const res = await postContact(
        validContact({ ...sample.fields, lang }),
        `198.51.100.${lang.length}`,
      );
      expect(res.status, lang).toBe(201);
    }
    expect(await liveIds('contact-messages')).toHaveLength(3);
    expect((await heldList()).total).toBe('0');
  });
});

describe('the admin decides', () => {
  it('Not spam: 20 concurrent accepts make one lead and queue the office e-mail once', async () => {
    await postContact(validContact(SPAM_TEXT));
    const [held] = (await heldList()).items;
    const answers = await Promise.all(Array.from({ length: 20 }, () => act(held!._id, 'accept')));
    expect(answers.some((res) => res.status === 200)).toBe(true);
    expect(answers.every((res) => res.status === 200 || res.status === 404)).toBe(true);
    const leads = await liveIds('contact-messages');
    expect(leads).toHaveLength(1);
    expect(await outboxKeys()).toEqual([`contact-messages/${leads[0]!}/notify`]);
    expect((await heldList()).total).toBe('0');
  });

  it('Delete removes it; a second delete and a bad action are 4xx with a message', async () => {
    await postContact(validContact(SPAM_TEXT));
    const [held] = (await heldList()).items;
    const bad = await act(held!._id, 'approve');
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ error: 'action must be "accept" or "delete".' });
    expect((await act(held!._id, 'delete')).status).toBe(200);
    expect((await heldList()).total).toBe('0');
    expect((await act(held!._id, 'delete')).status).toBe(404);
    expect(await liveIds('contact-messages')).toEqual([]);
  });

  it('refuses a list without a token', async () => {
    expect((await call(heldFn, { path: '/api/held' })).status).toBe(401);
  });
});

describe('retention, erasure and the daily line', () => {
  const scoped = <T>(work: () => Promise<T>) => withRequestScope(undefined, work, 20_000);

  it('deletes held submissions 30 days after they arrived, not before', async () => {
    await postContact(validContact(SPAM_TEXT));
    expect(await scoped(() => purgeHeld(Date.now() + 29 * DAY))).toEqual([]);
    expect(await scoped(() => purgeHeld(Date.now() + 31 * DAY))).toHaveLength(1);
    expect((await heldList()).total).toBe('0');
  });

  it('an erasure of an address deletes its held submissions too', async () => {
    await postContact(validContact(SPAM_TEXT));
    await postContact(validContact({ ...SPAM_TEXT, email: 'other@example.com' }), '198.51.100.9');
    const res = await call(erasureFn, {
      path: '/api/erasure',
      json: { email: 'RAVI@example.com', ids: [] },
      token: await makeToken(),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ deleted: 1 });
    expect((await heldList()).items.map(({ email }) => email)).toEqual(['other@example.com']);
  });

  it('queues one line a day for the office when something is held, nothing otherwise', async () => {
    const now = Date.parse('2026-11-28T06:00:00Z');
    expect(await scoped(() => heldDigest(undefined, now))).toBe(0);
    expect(await outboxKeys()).toEqual([]);
    await postContact(validContact(SPAM_TEXT));
    await postContact(validContact({ ...SPAM_TEXT, name: 'Mike' }), '198.51.100.9');
    expect(await scoped(() => heldDigest(undefined, now))).toBe(2);
    expect(await scoped(() => heldDigest(undefined, now + 3_600_000))).toBe(2);
    const keys = await outboxKeys();
    expect(keys).toEqual(['held/digest-2026-11-28/notify']);
    const entry = (await getStore({ name: 'outbox', consistency: 'strong' }).get(keys[0]!, {
      type: 'json',
    })) as { mail: { subject: string } };
    expect(entry.mail.subject).toBe('2 held submissions to review');
  });
});
