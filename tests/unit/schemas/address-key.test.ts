/**
 * How stored and typed addresses are compared (fields.ts `addressKey`, erasure.ts `sameAddress`):
 * one person's records are all found, whatever the spelling the same address was stored in, and
 * no record of a look-alike address is.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addressKey, sameAddress } from '../../../src/lib/schemas/index.ts';

describe('addressKey and sameAddress', () => {
  it('ignores case and surrounding white space', () => {
    expect(sameAddress('ASHA@Example.COM', 'asha@example.com')).toBe(true);
    expect(sameAddress('  asha@example.com\n', 'Asha@Example.com')).toBe(true);
    expect(addressKey(' ASHA@Example.COM ')).toBe('asha@example.com');
    expect(sameAddress('asha@example.org', 'asha@example.org.in')).toBe(false);
    expect(sameAddress('asha@example.org', 'asha.m@example.org')).toBe(false);
  });

  it('does not take the Kelvin sign (or another compatibility character) for a letter', () => {
    expect(sameAddress('kumar.x@example.com', '\u212aumar.x@example.com')).toBe(false);
    expect(sameAddress('Kumar.x@example.com', '\u212aumar.x@example.com')).toBe(false);
    expect(addressKey('\u212aUMAR.X@example.com')).toBe('\u212aumar.x@example.com');
    expect(sameAddress('\u212aumar.x@example.com', '\u212aUMAR.X@EXAMPLE.COM')).toBe(true);
    expect(sameAddress('\u00e5sa@example.se', '\u212bsa@example.se')).toBe(false); // ANGSTROM SIGN
    expect(sameAddress('\u03c9@example.gr', '\u2126@example.gr')).toBe(false); // OHM SIGN
    expect(sameAddress('fina@example.com', '\ufb01na@example.com')).toBe(false); // ligature
    expect(sameAddress('asha@example.com', '\uff41sha@example.com')).toBe(false); // fullwidth
    expect(sameAddress('sam@example.com', '\u017fam@example.com')).toBe(false); // long s
  });

  it('takes NFC and NFD spellings for the same address', () => {
    expect(sameAddress('jos\u00e9@example.com', 'jose\u0301@example.com')).toBe(true);
    expect(sameAddress('JOSE\u0301@EXAMPLE.COM', 'jos\u00e9@example.com')).toBe(true);
    expect(sameAddress('ana@ex\u00e1mple.com', 'ana@exa\u0301mple.com')).toBe(true);
    expect(addressKey('jose\u0301@example.com')).toBe('jos\u00e9@example.com');
    // Marks in another order that NFC puts right.
    expect(sameAddress('a\u0301\u0323@x.in', 'a\u0323\u0301@x.in')).toBe(true);
    // A letter whose lower case has a precomposed form its upper case lacks.
    expect(sameAddress('W\u030a@x.in', '\u1e98@x.in')).toBe(true);
  });

  it('finds an address stored with invisible characters by its visible spelling', () => {
    for (const char of [
      '\u200b',
      '\ufeff',
      '\u2063',
      '\u206a',
      '\ufff9',
      '\u{e0041}',
      '\u00ad',
      '\u200d',
      '\u200e',
    ]) {
      expect(sameAddress(`asha${char}@example.com`, 'asha@example.com'), char).toBe(true);
      expect(sameAddress(`as${char}ha@exam${char}ple.com`, 'ASHA@example.com'), char).toBe(true);
    }
    // A joiner between a letter and its accent does not keep them apart.
    expect(sameAddress('jose\u034f\u0301@example.com', 'jos\u00e9@example.com')).toBe(true);
    expect(sameAddress(' \u200b asha@example.com', 'asha@example.com')).toBe(true);
  });

  it('keeps the Turkish dotted and dotless i apart from i', () => {
    expect(sameAddress('\u0130pek@example.com.tr', 'ipek@example.com.tr')).toBe(false);
    expect(addressKey('\u0130pek@example.com.tr')).toBe('i\u0307pek@example.com.tr');
    expect(sameAddress('\u0131nar@example.com.tr', 'inar@example.com.tr')).toBe(false);
    expect(sameAddress('Inar@example.com.tr', '\u0131nar@example.com.tr')).toBe(false);
    expect(sameAddress('\u0130PEK@example.com.tr', 'i\u0307pek@example.com.tr')).toBe(true);
  });

  it('lower-cases other scripts', () => {
    expect(
      sameAddress('\u0398\u03a3\u0395\u03a1@example.gr', '\u03b8\u03c3\u03b5\u03c1@example.gr'),
    ).toBe(true);
    expect(sameAddress('\u00c9LODIE@EXAMPLE.FR', '\u00e9lodie@example.fr')).toBe(true);
    expect(sameAddress('stra\u00dfe@example.de', 'strasse@example.de')).toBe(false);
    expect(sameAddress('\u0d39\u0d30\u0d3f@example.in', '\u0d39\u0d30\u0d3f@example.in')).toBe(
      true,
    );
  });

  /** Code points that exercise every rule, mixed with any code point at all. */
  const unit = fc.oneof(
    fc.constantFrom(
      'a',
      'A',
      'K',
      'k',
      '\u212a',
      '\u212b',
      '\u00c5',
      '\u00e5',
      '\u0130',
      '\u0131',
      'i',
      'I',
      '\u0307',
      '\u0301',
      '\u0323',
      '\u01d8',
      'W',
      '\u030a',
      'e',
      '\u00e9',
      '\u034f',
      '\u200b',
      '\ufeff',
      '\u200d',
      '\ufff9',
      '\u{e0041}',
      '\u3164',
      '\ufb01',
      '\uff20',
      '\ufe6b',
      '\u03a3',
      '\u03c2',
      '\u1fbc',
      '\u0390',
      '\u1100',
      '\u1161',
      '\u11a8',
      '\ud800',
      ' ',
      '\u00a0',
      '@',
      '.',
    ),
    fc.integer({ min: 0, max: 0x10ffff }).map((code) => String.fromCodePoint(code)),
  );
  const address = fc.string({ unit, maxLength: 12 });

  it('is idempotent: a key is its own key (property-based)', () => {
    fc.assert(
      fc.property(address, (email) => {
        const key = addressKey(email);
        expect(addressKey(key)).toBe(key);
        expect(sameAddress(email, key)).toBe(true);
      }),
      { numRuns: 2_000 },
    );
  });

  it('compares symmetrically and reflexively (property-based)', () => {
    fc.assert(
      fc.property(address, address, (a, b) => {
        expect(sameAddress(a, b)).toBe(sameAddress(b, a));
        expect(sameAddress(a, a)).toBe(true);
        expect(sameAddress(a, b)).toBe(addressKey(a) === addressKey(b));
      }),
      { numRuns: 2_000 },
    );
  });
});
