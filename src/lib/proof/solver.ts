/**
 * The browser's half of the forms' proof of work: finds the counter of an ALTCHA v2 challenge
 * (altcha-lib's deterministic mode, PBKDF2/SHA-256) with the browser's own Web Crypto. Written
 * here rather than bundled from altcha-lib (whose solver and helpers are 1.5 KB gzip on their
 * own): the whole page budget of the worker and its starter is 1.5 KB. The format is altcha-lib's
 * (tests/functions/proof/ solves the server's real challenges with this and verifies them with it).
 */

/** What the server signs (altcha-lib's `Challenge`, the fields the solver reads). */
export interface ProofChallenge {
  parameters: {
    algorithm: string;
    nonce: string;
    salt: string;
    cost: number;
    keyLength: number;
    keyPrefix: string;
    expiresAt?: number;
  } & Record<string, unknown>;
  signature?: string;
}

export interface ProofSolution {
  counter: number;
  derivedKey: string;
  time: number;
}

const bytes = (hex: string) =>
  Uint8Array.from(hex.match(/../g) ?? [], (pair) => parseInt(pair, 16));
const hex = (buffer: ArrayBuffer) =>
  Array.from(new Uint8Array(buffer), (byte) => byte.toString(16).padStart(2, '0')).join('');

/**
 * Tries counters 0, 1, 2, … until the key derived from the nonce and the counter (4 bytes, big
 * endian) starts with the challenge's key prefix; undefined past `limit` tries.
 */
export async function solve(
  { parameters }: ProofChallenge,
  limit = 2 ** 32,
): Promise<ProofSolution | undefined> {
  const start = performance.now();
  const nonce = bytes(parameters.nonce);
  const password = new Uint8Array(nonce.length + 4);
  password.set(nonce);
  const counterView = new DataView(password.buffer, nonce.length);
  const salt = bytes(parameters.salt);
  const hash = parameters.algorithm.replace('PBKDF2/', '');
  for (let counter = 0; counter < limit; counter++) {
    counterView.setUint32(0, counter);
    const key = await crypto.subtle.importKey('raw', password, 'PBKDF2', false, ['deriveBits']);
    const derived = hex(
      await crypto.subtle.deriveBits(
        { name: 'PBKDF2', salt, iterations: parameters.cost, hash },
        key,
        parameters.keyLength * 8,
      ),
    );
    if (derived.startsWith(parameters.keyPrefix)) {
      return { counter, derivedKey: derived, time: Math.round(performance.now() - start) };
    }
  }
  return undefined;
}

/** The `altcha` field of a submission: the challenge and its solution, as base64 JSON. */
export const encodeProof = (challenge: ProofChallenge, solution: ProofSolution): string =>
  btoa(JSON.stringify({ challenge, solution }));
