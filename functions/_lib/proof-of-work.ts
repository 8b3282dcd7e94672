/**
 * The forms' proof of work (ALTCHA v2, altcha-lib): GET /api/challenge issues a challenge signed
 * with ALTCHA_HMAC_KEY that expires after CHALLENGE_TTL_MS and carries its issue time; a form
 * sends the solution back as `altcha` (base64 JSON `{ challenge, solution }`, a JSON or a form
 * field), and `checkProof` decides what the submission is:
 * - no solution (a form sent without JavaScript, or a solve that failed or was slow): accepted,
 *   recorded `unverified`;
 * - a valid solution never sent before: `verified`, and spent (spent-proofs.ts);
 * - a spent, expired, forged or malformed one: refused with 409 in the visitor's language, and
 *   the caller stores nothing.
 *
 * Difficulty: the server picks the counter (altcha-lib's deterministic mode), uniformly between
 * MAX_NUMBER / 10 and MAX_NUMBER, and the browser tries counters from 0 up, each one a PBKDF2
 * of COST iterations; so a solve costs at most MAX_NUMBER such derivations, 55 % of it on
 * average. The server checks a solution with one HMAC (the derived key's signature), never by
 * repeating the work. `npm run measure:proof` (scripts/proof-measure/) measures the solve times
 * these numbers give: on the 2-core machine of issue 38, under load, a median of about 0.22 s
 * (p95 0.5 s) and 0.28 s with 4× CPU throttling. Chromium's throttle does not slow the threads
 * WebCrypto runs on, so the difficulty is set for the stricter bound, 4 × the unthrottled median
 * ≤ 1.5 s (0.9 s measured), which leaves room for a slow phone.
 */
import { createChallenge, verifySolution, type Challenge, type Solution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { randomInt } from 'node:crypto';
import type { Locale } from '../../src/i18n/locales.ts';
import { validationText } from '../../src/i18n/forms/registry.ts';
import '../../src/i18n/forms/index.ts';
import type { Verification } from '../../src/lib/leads/kind.ts';
import { isDeployed, readEnv, readPositiveInt } from './env.ts';
import { HttpError, type FunctionContext } from './http.ts';
import { spentProofs } from './repositories/spent-proofs.ts';

export const ALGORITHM = 'PBKDF2/SHA-256';
/** PBKDF2 iterations per counter tried (ALTCHA_COST overrides it, for measurements). */
export const COST = 1_000;
/** The largest counter a challenge asks for (ALTCHA_MAX_NUMBER overrides it, e.g. in tests). */
export const MAX_NUMBER = 750;
/** How long a challenge may be solved and sent (the browser renews it a minute before). */
export const CHALLENGE_TTL_MS = 30 * 60_000;
/** Spent keys of expired challenges deleted at most per run of the hourly upkeep. */
const SWEEP_LIMIT = 2_000;

/**
 * Deletes the spent keys of challenges expired before `now` (at most SWEEP_LIMIT a run): run by
 * the hourly upkeep (functions/spam-upkeep.ts), never while a form is answered.
 */
export const sweepSpentProofs = (now: number): Promise<number> =>
  spentProofs.sweep(now, SWEEP_LIMIT);
/** Off public deploys (local runs, tests) the key is this, unless ALTCHA_HMAC_KEY is set. */
export const LOCAL_HMAC_KEY = 'local-only-altcha-key: set ALTCHA_HMAC_KEY on every deploy';
const MIN_KEY_BYTES = 32;

/** The signing key: ALTCHA_HMAC_KEY, or on public deploys a logged 503 (never a default). */
function hmacKey(context: FunctionContext): string {
  const key = readEnv('ALTCHA_HMAC_KEY');
  if (key !== undefined && new TextEncoder().encode(key).byteLength >= MIN_KEY_BYTES) return key;
  if (!isDeployed(context.deploy?.context)) return LOCAL_HMAC_KEY;
  const problem = `ALTCHA_HMAC_KEY must be set to at least ${MIN_KEY_BYTES} bytes on this deploy.`;
  console.error(`proof of work: ${problem}`);
  throw new HttpError(503, `The forms' spam check is not configured on this server: ${problem}`);
}

const maxNumber = () => readPositiveInt('ALTCHA_MAX_NUMBER', MAX_NUMBER);
const cost = () => readPositiveInt('ALTCHA_COST', COST);

/** A new challenge, issued at `now` (epoch ms). */
export function issueChallenge(context: FunctionContext, now = Date.now()): Promise<Challenge> {
  const key = hmacKey(context);
  const max = maxNumber();
  return createChallenge({
    algorithm: ALGORITHM,
    cost: cost(),
    deriveKey,
    counter: randomInt(Math.ceil(max / 10), max + 1),
    expiresAt: Math.floor((now + CHALLENGE_TTL_MS) / 1000),
    data: { issuedAt: now },
    hmacSignatureSecret: key,
    hmacKeySignatureSecret: key,
  });
}

/** What a submission's proof made of it; `issuedAt` (epoch ms) of a verified one's challenge. */
export type ProofOutcome =
  | { verification: Extract<Verification, 'verified'>; issuedAt: number }
  | { verification: Extract<Verification, 'unverified'> };

/**
 * When the challenge of a verified proof was issued (epoch ms): the time the visitor first
 * focused the form, as the server signed it (content scoring's "time from first focus").
 */
export const issuedAt = (outcome: ProofOutcome): number | undefined =>
  outcome.verification === 'verified' ? outcome.issuedAt : undefined;

function decode(field: string): { challenge: Challenge; solution: Solution } | undefined {
  try {
    const payload = JSON.parse(Buffer.from(field, 'base64').toString('utf8')) as unknown;
    const { challenge, solution } = (payload ?? {}) as Record<string, unknown>;
    const parameters = (challenge as Challenge | undefined)?.parameters;
    if (typeof parameters !== 'object' || parameters === null) return undefined;
    if (typeof solution !== 'object' || solution === null) return undefined;
    return { challenge: challenge as Challenge, solution: solution as Solution };
  } catch {
    return undefined;
  }
}

/**
 * Checks the `altcha` field of a submission at `now`; throws the 409 of a refused one. A valid
 * one is spent here: call this only once the submission is otherwise fit to store.
 */
export async function checkProof(
  field: unknown,
  lang: Locale,
  context: FunctionContext,
  now = Date.now(),
): Promise<ProofOutcome> {
  if (field === undefined || field === null || field === '') return { verification: 'unverified' };
  const refused = new HttpError(409, validationText(lang).proofRefused);
  const payload = typeof field === 'string' ? decode(field) : undefined;
  if (!payload) throw refused;
  const { challenge, solution } = payload;
  const { expiresAt, data } = challenge.parameters;
  const issued = data?.['issuedAt'];
  if (typeof expiresAt !== 'number' || expiresAt * 1000 <= now || typeof issued !== 'number') {
    throw refused;
  }
  const key = hmacKey(context);
  const result = await verifySolution({
    challenge,
    solution,
    deriveKey,
    hmacSignatureSecret: key,
    hmacKeySignatureSecret: key,
  }).catch(() => ({ verified: false }));
  if (!result.verified || challenge.signature === undefined) throw refused;
  if (!(await spentProofs.spend(challenge.signature, expiresAt * 1000))) throw refused;
  return { verification: 'verified', issuedAt: issued };
}
