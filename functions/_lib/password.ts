/**
 * Admin password hashing with scrypt (node:crypto). Stored form:
 * `scrypt$N$r$p$<salt base64>$<hash base64>`; `npm run hash-password` prints one.
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

/** ~50–100 ms and 32 MiB per check on a server core: slow for guessing, fine for one admin. */
export const DEFAULT_SCRYPT: ScryptParams = { N: 2 ** 15, r: 8, p: 1 };
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

/** Parses a stored hash; null when malformed or when its cost is out of sane bounds. */
export function parseHash(encoded: string): ScryptHash | null {
  const parts = encoded.trim().split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return null;
  const [N, r, p] = parts
    .slice(1, 4)
    .map((part) => (/^\d{1,8}$/.test(part) ? Number(part) : NaN)) as [number, number, number];
  const isPowerOfTwo = Number.isInteger(Math.log2(N));
  if (!isPowerOfTwo || N < 2 ** 10 || N > 2 ** 20 || !(r >= 1 && r <= 32) || !(p >= 1 && p <= 16))
    return null;
  const salt = Buffer.from(parts[4]!, 'base64');
  const hash = Buffer.from(parts[5]!, 'base64');
  if (salt.length < 8 || hash.length < 16 || hash.length > 64) return null;
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
