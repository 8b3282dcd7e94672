/**
 * Stored admin hashes at the edges of what functions/_lib/password.ts accepts: each field's
 * bounds, the exact reason given for each refusal, and hashes of other lengths made elsewhere.
 */
import { randomBytes, scryptSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  equalSecrets,
  hashPassword,
  hashProblem,
  parseHash,
  verifyPassword,
} from '../../functions/_lib/password.ts';

const N = 2 ** 17;
const salt = (bytes: number) => Buffer.alloc(bytes, 7).toString('base64');
const SALT = salt(16);
const HASH = Buffer.alloc(32, 9).toString('base64');
const stored = (n: string | number, r: string | number, p: string | number, s = SALT, h = HASH) =>
  `scrypt$${n}$${r}$${p}$${s}$${h}`;

const FORM = 'is not a scrypt hash of the form scrypt$N$r$p$salt$hash';
const POWER = 'has a scrypt N that is not a power of two';
const RANGE = 'has a scrypt r outside 1–32 or p outside 1–16';
const LENGTHS = 'has a salt or hash of the wrong length';

/** A hash made with node:crypto directly (as another tool would), `length` bytes long. */
function foreignHash(password: string, length: number): string {
  const saltBytes = randomBytes(12);
  const key = scryptSync(password, saltBytes, length, { N, r: 8, p: 1, maxmem: 256 * N * 8 });
  return stored(N, 8, 1, saltBytes.toString('base64'), key.toString('base64'));
}

describe('a new hash', () => {
  it('has a 16-byte salt and a 32-byte key, and the parameters it was made with', async () => {
    const encoded = await hashPassword('pw');
    const [, n, r, p, s, h] = encoded.split('$');
    expect([n, r, p]).toEqual(['131072', '8', '1']);
    expect(Buffer.from(s!, 'base64')).toHaveLength(16);
    expect(Buffer.from(h!, 'base64')).toHaveLength(32);
    expect(parseHash(encoded)).toMatchObject({ N, r: 8, p: 1 });
  });
});

describe('a stored hash', () => {
  it('may carry surrounding blanks and a final newline (as pasted into a setting)', async () => {
    const encoded = await hashPassword('pw');
    const parsed = parseHash(`  ${encoded}\n`);
    expect(parsed).not.toBeNull();
    expect(await verifyPassword('pw', parsed!)).toBe(true);
  });

  it('verifies keys of any accepted length (16 to 64 bytes), made by other tools', async () => {
    for (const length of [16, 64]) {
      const parsed = parseHash(foreignHash('pw', length));
      expect(parsed?.hash, String(length)).toHaveLength(length);
      expect(await verifyPassword('pw', parsed!)).toBe(true);
      expect(await verifyPassword('pW', parsed!)).toBe(false);
    }
  });

  it('needs exactly six fields, the first "scrypt"', () => {
    for (const bad of [
      `${stored(N, 8, 1)}$extra`,
      stored(N, 8, 1).replace('scrypt', 'Scrypt'),
      stored(N, 8, 1).replace('scrypt', 'xcrypt'),
      stored(N, 8, 1).slice('scrypt$'.length),
    ]) {
      expect(hashProblem(bad), bad).toBe(FORM);
      expect(parseHash(bad)).toBeNull();
    }
  });

  it('takes N, r and p as 1 to 8 plain digits only', () => {
    expect(hashProblem(stored('0x20000', 8, 1))).toBe(POWER);
    expect(hashProblem(stored('131072.0', 8, 1))).toBe(POWER);
    expect(hashProblem(stored('', 8, 1))).toBe(POWER);
    expect(hashProblem(stored('000131072', 8, 1))).toBe(POWER);
    expect(hashProblem(stored('00131072', 8, 1))).toBeUndefined();
    expect(hashProblem(stored(N, '8 ', 1))).toBe(RANGE);
    expect(hashProblem(stored(N, '+8', 1))).toBe(RANGE);
    expect(hashProblem(stored(N, '00000008', 1))).toBeUndefined();
    expect(hashProblem(stored(N, '000000008', 1))).toBe(RANGE);
    expect(hashProblem(stored(N, 8, '1e0'))).toBe(RANGE);
  });

  it('needs N a power of two of at least 2^17', () => {
    expect(hashProblem(stored(N + 1, 8, 1))).toBe(POWER);
    expect(hashProblem(stored(3 * 2 ** 16, 8, 1))).toBe(POWER);
    expect(hashProblem(stored(2 ** 16, 8, 1))).toBe(
      'uses scrypt N=65536, below the minimum 131072',
    );
    expect(hashProblem(stored(N, 8, 1))).toBeUndefined();
  });

  it('needs r in 1–32 and p in 1–16', () => {
    for (const [r, p] of [
      [0, 1],
      [33, 1],
      [8, 0],
      [8, 17],
    ]) {
      expect(hashProblem(stored(N, r!, p!)), `r=${r} p=${p}`).toBe(RANGE);
    }
    for (const [r, p] of [
      [1, 1],
      [8, 16],
      [16, 1],
    ]) {
      expect(hashProblem(stored(N, r!, p!)), `r=${r} p=${p}`).toBeUndefined();
    }
    expect(parseHash(stored(N, 1, 16))).toMatchObject({ N, r: 1, p: 16 });
  });

  it('may need up to 256 MiB per check, not a byte more', () => {
    expect(hashProblem(stored(2 ** 18, 8, 1))).toBeUndefined();
    expect(hashProblem(stored(N, 16, 1))).toBeUndefined();
    expect(hashProblem(stored(N, 17, 1))).toBe(
      'uses scrypt N=131072, r=17: over 256 MiB per check',
    );
    // r = 32 is in range, but at N = 2^17 needs 512 MiB: the memory rule speaks.
    expect(hashProblem(stored(N, 32, 1))).toBe(
      'uses scrypt N=131072, r=32: over 256 MiB per check',
    );
    expect(hashProblem(stored(2 ** 19, 8, 1))).toBe(
      'uses scrypt N=524288, r=8: over 256 MiB per check',
    );
  });

  it('needs a salt of 8 bytes or more and a key of 16 to 64 bytes', () => {
    const key = (bytes: number) => Buffer.alloc(bytes, 1).toString('base64');
    expect(hashProblem(stored(N, 8, 1, salt(8)))).toBeUndefined();
    expect(hashProblem(stored(N, 8, 1, salt(7)))).toBe(LENGTHS);
    expect(hashProblem(stored(N, 8, 1, SALT, key(16)))).toBeUndefined();
    expect(hashProblem(stored(N, 8, 1, SALT, key(15)))).toBe(LENGTHS);
    expect(hashProblem(stored(N, 8, 1, SALT, key(64)))).toBeUndefined();
    expect(hashProblem(stored(N, 8, 1, SALT, key(65)))).toBe(LENGTHS);
    const parsed = parseHash(stored(N, 8, 1, salt(8), key(64)));
    expect(parsed?.salt).toEqual(Buffer.alloc(8, 7));
    expect(parsed?.hash).toEqual(Buffer.alloc(64, 1));
  });
});

describe('equalSecrets', () => {
  it('tells equal from unequal secrets, including ones that differ only at the end', () => {
    expect(equalSecrets('', '')).toBe(true);
    expect(equalSecrets('a'.repeat(100), 'a'.repeat(100))).toBe(true);
    expect(equalSecrets('a'.repeat(100), `${'a'.repeat(99)}b`)).toBe(false);
    expect(equalSecrets('secret', 'Secret')).toBe(false);
  });
});
