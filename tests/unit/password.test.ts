/** Admin password hashing (functions/_lib/password.ts): format, cost floor and ceiling, reasons. */
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SCRYPT,
  MIN_SCRYPT_N,
  equalSecrets,
  hashPassword,
  hashProblem,
  parseHash,
  verifyPassword,
} from '../../functions/_lib/password.ts';
import { ADMIN, ADMIN_HASH } from '../functions/helpers.ts';

const SALT = 'c2FsdHNhbHQ=';
const HASH = 'aGFzaGhhc2hoYXNoaGFzaA==';

// One real hash at the default cost for the whole file (~0.3 s).
const encoded = await hashPassword('s3cret pass');

describe('passwords', () => {
  it('hash with scrypt N = 2^17, r = 8, p = 1 (OWASP’s minimum) in the documented format', () => {
    expect(DEFAULT_SCRYPT).toEqual({ N: 2 ** 17, r: 8, p: 1 });
    expect(encoded).toMatch(/^scrypt\$131072\$8\$1\$[A-Za-z0-9+/]+=*\$[A-Za-z0-9+/]+=*$/);
    expect(hashProblem(encoded)).toBeUndefined();
  });

  it('verify the right password only, with a fresh salt each time', async () => {
    const parsed = parseHash(encoded)!;
    const started = performance.now();
    expect(await verifyPassword('s3cret pass', parsed)).toBe(true);
    const elapsed = performance.now() - started;
    console.info(`scrypt N=2^17 verify: ${elapsed.toFixed(0)} ms`);
    expect(await verifyPassword('s3cret pass ', parsed)).toBe(false);
    expect(await hashPassword('s3cret pass')).not.toBe(encoded);
  });

  it('verify the function tests’ kept admin hash (made by npm run hash-password)', async () => {
    expect(hashProblem(ADMIN_HASH)).toBeUndefined();
    expect(await verifyPassword(ADMIN.password, parseHash(ADMIN_HASH)!)).toBe(true);
  });

  it('refuse a hash below N = 2^17 and say why', async () => {
    const old = await hashPassword('s3cret pass', { N: 2 ** 15, r: 8, p: 1 });
    expect(parseHash(old)).toBeNull();
    expect(hashProblem(old)).toBe(`uses scrypt N=32768, below the minimum ${MIN_SCRYPT_N}`);
    expect(hashProblem(`scrypt$1024$8$1$${SALT}$${HASH}`)).toBe(
      'uses scrypt N=1024, below the minimum 131072',
    );
  });

  it('refuse malformed or absurdly expensive hashes, each with a reason', () => {
    for (const bad of [
      '',
      'bcrypt$x',
      `scrypt$131073$8$1$${SALT}$${HASH}`,
      `scrypt$2097152$8$1$${SALT}$${HASH}`,
      `scrypt$1048576$8$1$${SALT}$${HASH}`,
      `scrypt$262144$16$1$${SALT}$${HASH}`,
      `scrypt$131072$99$1$${SALT}$${HASH}`,
      `scrypt$131072$8$0$${SALT}$${HASH}`,
      `scrypt$131072$8$1$$${HASH}`,
      `scrypt$131072$8$1$${SALT}$aGFzaA==`,
    ]) {
      expect(parseHash(bad), bad).toBeNull();
      expect(hashProblem(bad), bad).toMatch(/^(is|has|uses) /);
    }
    expect(parseHash(`scrypt$262144$8$1$${SALT}$${HASH}`)).not.toBeNull();
  });

  it('compare secrets of any length', () => {
    expect(equalSecrets('admin', 'admin')).toBe(true);
    expect(equalSecrets('admin', 'admin ')).toBe(false);
    expect(equalSecrets('', 'x'.repeat(1000))).toBe(false);
  });
});
