/**
 * Admin password hashing with scrypt (node:crypto). Stored form:
 * `scrypt$N$r$p$<salt base64>$<hash base64>`; `npm run hash-password` prints one.
 *
 * Cost: OWASP's minimum for scrypt is N = 2^17, r = 8, p = 1 (128 MiB per check). Hashes below
 * it are refused, not silently upgraded: only the admin can make a new one, so `hashProblem`
 * says what is wrong in a sentence the login's 503 can show. The ceiling (256 MiB per check)
 * keeps a mistyped cost from exhausting a function's 1 GB of memory.
 */
import { createHash, randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

export interface ScryptParams {
  N: number;
  r: number;
  p: number;
}

export interface ScryptHash extends ScryptParams {
  salt: Buffer;
  hash: Buffer;
}

/** OWASP's minimum cost for scrypt; also what new hashes use. */
export const MIN_SCRYPT_N = 2 ** 17;
export const DEFAULT_SCRYPT: ScryptParams = { N: MIN_SCRYPT_N, r: 8, p: 1 };
/** scrypt needs 128 · N · r bytes; more than this per login is a mistake, not security. */
const MAX_SCRYPT_MEMORY = 256 * 1024 * 1024;
const KEY_LENGTH = 32;
const SALT_LENGTH = 16;

function derive(
  password: string,
  salt: Buffer,
  { N, r, p }: ScryptParams,
  length: number,
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password, salt, length, { N, r, p, maxmem: 256 * N * r }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

export async function hashPassword(
  password: string,
  params: ScryptParams = DEFAULT_SCRYPT,
): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const hash = await derive(password, salt, params, KEY_LENGTH);
  return [
    'scrypt',
    params.N,
    params.r,
    params.p,
    salt.toString('base64'),
    hash.toString('base64'),
  ].join('$');
}

/** Parses a stored hash; null when `hashProblem` finds anything wrong with it. */
export function parseHash(encoded: string): ScryptHash | null {
  const decoded = decodeHash(encoded);
  return typeof decoded === 'string' ? null : decoded;
}

/**
 * Why a stored hash cannot be used, as the end of a sentence that starts with the setting's name
 * (e.g. "uses scrypt N=32768, below the minimum 131072"); undefined when it can be used.
 */
export function hashProblem(encoded: string): string | undefined {
  const decoded = decodeHash(encoded);
  return typeof decoded === 'string' ? decoded : undefined;
}

function decodeHash(encoded: string): ScryptHash | string {
  const parts = encoded.trim().split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt')
    return 'is not a scrypt hash of the form scrypt$N$r$p$salt$hash';
  const [N, r, p] = parts
    .slice(1, 4)
    .map((part) => (/^\d{1,8}$/.test(part) ? Number(part) : NaN)) as [number, number, number];
  if (!Number.isInteger(Math.log2(N))) return 'has a scrypt N that is not a power of two';
  if (!(r >= 1 && r <= 32) || !(p >= 1 && p <= 16))
    return 'has a scrypt r outside 1–32 or p outside 1–16';
  if (N < MIN_SCRYPT_N) return `uses scrypt N=${N}, below the minimum ${MIN_SCRYPT_N}`;
  if (128 * N * r > MAX_SCRYPT_MEMORY)
    return `uses scrypt N=${N}, r=${r}: over ${MAX_SCRYPT_MEMORY / 2 ** 20} MiB per check`;
  const salt = Buffer.from(parts[4]!, 'base64');
  const hash = Buffer.from(parts[5]!, 'base64');
  if (salt.length < 8 || hash.length < 16 || hash.length > 64)
    return 'has a salt or hash of the wrong length';
  return { N, r, p, salt, hash };
}

export async function verifyPassword(password: string, stored: ScryptHash): Promise<boolean> {
  const candidate = await derive(password, stored.salt, stored, stored.hash.length);
  return timingSafeEqual(candidate, stored.hash);
}

/** Compares two strings in time independent of where they differ (digests have equal length). */
export function equalSecrets(a: string, b: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(a), digest(b));
}
