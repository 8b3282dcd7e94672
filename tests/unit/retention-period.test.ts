/**
 * RETENTION_MONTHS as the privacy policy (at build time) and the daily purge (at run time) both
 * read it: 24 unless set to a positive whole number.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { retentionMonths } from '../../src/lib/retention-period.ts';

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('retentionMonths', () => {
  it('is 24 when unset or blank', () => {
    vi.stubEnv('RETENTION_MONTHS', '');
    expect(retentionMonths()).toBe(24);
  });

  it('reads a positive whole number, spaces around it allowed', () => {
    vi.stubEnv('RETENTION_MONTHS', ' 18 ');
    expect(retentionMonths()).toBe(18);
  });

  it('falls back to 24 for zero, negatives, fractions and words', () => {
    for (const raw of ['0', '-6', '12.5', 'two years']) {
      vi.stubEnv('RETENTION_MONTHS', raw);
      expect(retentionMonths()).toBe(24);
    }
  });
});
