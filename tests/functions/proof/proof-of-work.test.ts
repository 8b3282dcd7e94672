/**
 * The forms' proof of work against the Blobs emulation: challenges from GET /api/challenge, solved
 * by the browser's own solver (src/lib/proof/solver.ts), sent back as `altcha` with a contact
 * message or an enquiry. Verified, unverified (no solution: accepted), refused (spent, expired,
 * forged: 409 in the sender's language, nothing stored), 20 concurrent replays, the sweep of spent
 * keys, and a production deploy without its key.
 */
import { getStore } from '@netlify/blobs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import challengeFn from '../../../functions/challenge.ts';
import contactFn from '../../../functions/contact.ts';
import enquiriesFn from '../../../functions/enquiries.ts';
import spamUpkeep from '../../../functions/spam-upkeep.ts';
import {
  CHALLENGE_TTL_MS,
  checkProof,
  issuedAt,
  issueChallenge,
} from '../../../functions/_lib/proof-of-work.ts';
import { encodeProof, solve, type ProofChallenge } from '../../../src/lib/proof/solver.ts';
import { validationText } from '../../../src/i18n/forms/registry.ts';
import { call, useBlobs } from '../helpers.ts';
import { validContact, validEnquiry } from '../samples.ts';
import { liveIds } from '../store-inspection.ts';

const blobs = useBlobs();
// Small challenges: these tests are about the protocol, not the cost (scripts/measure-proof.ts).
const easy = () => vi.stubEnv('ALTCHA_MAX_NUMBER', '20');

afterEach(() => {
  vi.useRealTimers();
});

async function fetchChallenge(): Promise<ProofChallenge> {
  const res = await call(challengeFn, { path: '/api/challenge' });
  expect(res.status).toBe(200);
  return (await res.json()) as ProofChallenge;
}

/**
 * A solution of a challenge issued `agoMs` before now (default a minute: a person's time to fill
 * the form, so the spam scorer's too-fast rule does not hold it).
 */
async function solved(agoMs = 60_000): Promise<string> {
  const challenge = (await issueChallenge({ params: {} }, Date.now() - agoMs)) as ProofChallenge;
  const solution = await solve(challenge);
  return encodeProof(challenge, solution!);
}

const postContact = (body: Record<string, unknown>) =>
  call(contactFn, { path: '/api/contact', json: validContact(body), proof: false });

/** The held submissions' stored records (functions/_lib/hold.ts). */
async function storedHeld(): Promise<Record<string, unknown>[]> {
  const store = getStore({ name: 'held', consistency: 'strong' });
  const ids = await liveIds('held');
  return Promise.all(
    ids.map(async (id) => (await store.get(id, { type: 'json' })) as Record<string, unknown>),
  );
}

async function storedMessages(): Promise<Record<string, unknown>[]> {
  const store = getStore({ name: 'contact-messages', consistency: 'strong' });
  const ids = await liveIds('contact-messages');
  return Promise.all(
    ids.map(async (id) => (await store.get(id, { type: 'json' })) as Record<string, unknown>),
  );
}

describe('GET /api/challenge', () => {
  it('issues a signed challenge that expires in 30 minutes, carries its issue time and is never cached', async () => {
    const before = Date.now();
    const res = await call(challengeFn, { path: '/api/challenge' });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const challenge = (await res.json()) as ProofChallenge & {
      parameters: { data: { issuedAt: number }; keySignature: string };
    };
    expect(challenge.signature).toMatch(/^[0-9a-f]{64}$/);
    expect(challenge.parameters.keySignature).toMatch(/^[0-9a-f]{64}$/);
    expect(challenge.parameters.algorithm).toBe('PBKDF2/SHA-256');
    const issued = challenge.parameters.data.issuedAt;
    expect(issued).toBeGreaterThanOrEqual(before);
    expect(issued).toBeLessThanOrEqual(Date.now());
    expect(challenge.parameters.expiresAt).toBe(Math.floor((issued + CHALLENGE_TTL_MS) / 1000));
  });

  it('answers only GET', async () => {
    const res = await call(challengeFn, { path: '/api/challenge', method: 'POST', json: {} });
    expect(res.status).toBe(405);
  });

  it('fails closed on a public deploy without ALTCHA_HMAC_KEY: 503, logged, no challenge', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      for (const context of ['production', 'deploy-preview']) {
        const res = await call(challengeFn, {
          path: '/api/challenge',
          context: { deploy: { context } },
        });
        expect(res.status, context).toBe(503);
        expect(((await res.json()) as { error: string }).error).toContain('ALTCHA_HMAC_KEY');
      }
      expect(logged).toHaveBeenCalledWith(expect.stringContaining('ALTCHA_HMAC_KEY'));
      vi.stubEnv('ALTCHA_HMAC_KEY', 'short');
      const weak = await call(challengeFn, {
        path: '/api/challenge',
        context: { deploy: { context: 'production' } },
      });
      expect(weak.status).toBe(503);
    } finally {
      logged.mockRestore();
    }
    vi.stubEnv('ALTCHA_HMAC_KEY', 'a-production-key-of-at-least-32-bytes-length');
    const res = await call(challengeFn, {
      path: '/api/challenge',
      context: { deploy: { context: 'production' } },
    });
    expect(res.status).toBe(200);
  });
});

describe('the altcha field of a submission', () => {
  it('a valid solution makes the lead verified; none makes it unverified and held, both answered 201', async () => {
    easy();
    expect((await postContact({ altcha: await solved() })).status).toBe(201);
    expect((await postContact({ name: 'Without' })).status).toBe(201);
    const messages = await storedMessages();
    expect(messages.map((m) => [m['name'], m['verification']])).toEqual([['Ravi', 'verified']]);
    const held = await storedHeld();
    expect(held.map((m) => [m['name'], m['verification']])).toEqual([['Without', 'unverified']]);
  });

  it('a solution sent faster than a person types (1 s after the first focus) is held', async () => {
    easy();
    expect((await postContact({ altcha: await solved(1_000) })).status).toBe(201);
    expect(await storedMessages()).toEqual([]);
    const [held] = await storedHeld();
    expect((held?.['reasons'] as { rule: string }[]).map(({ rule }) => rule)).toContain('too-fast');
  });

  it('an enquiry is verified the same way (JSON field)', async () => {
    easy();
    const res = await call(enquiriesFn, {
      path: '/api/enquiries',
      json: { ...validEnquiry(), altcha: await solved() },
    });
    expect(res.status).toBe(201);
    const { _id } = (await res.json()) as { _id: string };
    const record = (await getStore({ name: 'enquiries', consistency: 'strong' }).get(_id, {
      type: 'json',
    })) as Record<string, unknown>;
    expect(record['verification']).toBe('verified');
  });

  it('a plain form post: without a solution held as unverified, with one (form field) verified', async () => {
    easy();
    const form = (extra: Record<string, string>) =>
      call(contactFn, {
        path: '/api/contact',
        form: { email: 'asha@example.com', name: 'Asha', message: 'Hello', lang: 'en', ...extra },
        proof: false,
      });
    const plain = await form({});
    expect(plain.status).toBe(303);
    expect(plain.headers.get('location')).toContain('/thank-you/');
    expect((await form({ name: 'Asha two', altcha: await solved() })).status).toBe(303);
    const messages = await storedMessages();
    expect(messages.map((m) => [m['name'], m['verification']])).toEqual([['Asha two', 'verified']]);
    const held = await storedHeld();
    expect(held.map((m) => [m['name'], m['verification']])).toEqual([['Asha', 'unverified']]);
  });

  it('20 concurrent sends of one solution: exactly 1 accepted and 1 record; the rest 409', async () => {
    easy();
    const altcha = await solved();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => postContact({ name: `Replay ${i}`, altcha })),
    );
    const statuses = answers.map((res) => res.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    expect(await liveIds('contact-messages')).toHaveLength(1);
    const refused = answers.find((res) => res.status === 409)!;
    expect(await refused.json()).toEqual({ error: validationText('en').proofRefused });
  });

  it('a spent solution is refused later too, in the sender’s language, and stores nothing', async () => {
    easy();
    const altcha = await solved();
    expect((await postContact({ altcha })).status).toBe(201);
    const again = await postContact({ altcha, lang: 'ml' });
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ error: validationText('ml').proofRefused });
    expect(validationText('ml').proofRefused).not.toBe(validationText('en').proofRefused);
    expect(await liveIds('contact-messages')).toHaveLength(1);
  });

  it('an expired challenge is refused (clock moved past its 30 minutes), a fresh one accepted', async () => {
    easy();
    vi.useFakeTimers({ toFake: ['Date'] });
    const issued = Date.now();
    const altcha = await solved(0);
    vi.setSystemTime(issued + CHALLENGE_TTL_MS - 5_000);
    // Still in time: verified at 29:55, with the time it was issued.
    const outcome = await checkProof(altcha, 'en', { params: {} });
    expect(issuedAt(outcome)).toBe(issued);
    const late = await solved();
    vi.setSystemTime(Date.now() + CHALLENGE_TTL_MS + 1_000);
    const res = await postContact({ altcha: late, lang: 'ar' });
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ error: validationText('ar').proofRefused });
    expect(await liveIds('contact-messages')).toHaveLength(0);
    expect((await postContact({ altcha: await solved() })).status).toBe(201);
  });

  it('a forged, tampered or malformed solution is refused', async () => {
    easy();
    const challenge = await fetchChallenge();
    const solution = (await solve(challenge))!;
    // The key is what the work finds (the server checks it against the signed key's HMAC).
    const flipped = (solution.derivedKey[0] === '0' ? '1' : '0') + solution.derivedKey.slice(1);
    const wrongKey = encodeProof(challenge, { ...solution, derivedKey: flipped });
    const tampered = encodeProof(
      { ...challenge, parameters: { ...challenge.parameters, expiresAt: 9_999_999_999 } },
      solution,
    );
    const unsigned = encodeProof({ parameters: challenge.parameters }, solution);
    for (const altcha of [wrongKey, tampered, unsigned, 'not base64 json', '{}', 42]) {
      const res = await postContact({ altcha });
      expect(res.status, String(altcha).slice(0, 20)).toBe(409);
    }
    expect(await liveIds('contact-messages')).toHaveLength(0);
    // The challenge was not spent by the refusals: its own solution still counts.
    expect((await postContact({ altcha: encodeProof(challenge, solution) })).status).toBe(201);
  });

  it('a solution of another deploy’s key is refused', async () => {
    easy();
    vi.stubEnv('ALTCHA_HMAC_KEY', 'the-other-deploys-key-at-least-32-bytes-long');
    const foreign = await solved();
    vi.stubEnv('ALTCHA_HMAC_KEY', 'this-deploys-own-key-at-least-32-bytes-long!');
    expect((await postContact({ altcha: foreign })).status).toBe(409);
  });

  it('an invalid form spends nothing: the same solution serves the corrected send', async () => {
    easy();
    const altcha = await solved();
    expect((await postContact({ email: 'ravi@', altcha })).status).toBe(400);
    expect((await postContact({ altcha })).status).toBe(201);
  });
});

describe('spent keys', () => {
  const spentKeys = async () =>
    (await getStore({ name: 'spent-proofs', consistency: 'strong' }).list()).blobs
      .map((blob) => blob.key)
      .filter((key) => key !== 'sweep-cursor');

  it('are deleted by the hourly upkeep once their challenge has expired, never by a form', async () => {
    easy();
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.now();
    expect((await postContact({ altcha: await solved() })).status).toBe(201);
    const [first] = await spentKeys();
    expect(first).toMatch(/^\d{13}\/[0-9a-f]{64}$/);
    vi.setSystemTime(start + CHALLENGE_TTL_MS + 60_000);
    expect((await postContact({ altcha: await solved() })).status).toBe(201);
    expect(await spentKeys()).toHaveLength(2);
    expect((await spamUpkeep(new Request('http://localhost/'), undefined, Date.now())).status).toBe(
      204,
    );
    const left = await spentKeys();
    expect(left).toHaveLength(1);
    expect(left).not.toContain(first);
  });

  it('a challenge issued by the library directly is accepted (no handler involved)', async () => {
    easy();
    const challenge = (await issueChallenge({ params: {} })) as unknown as ProofChallenge;
    const altcha = encodeProof(challenge, (await solve(challenge))!);
    expect((await checkProof(altcha, 'en', { params: {} })).verification).toBe('verified');
    expect(blobs.ops.some((op) => op.type === 'set' && op.url.includes('spent-proofs'))).toBe(true);
  });
});
