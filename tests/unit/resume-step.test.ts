import { describe, expect, it } from 'vitest';
import { resumeStep } from '../../src/lib/forms/resume-step';

describe('resumeStep', () => {
  it('reopens at the stored step', () => {
    expect(resumeStep('2', 3)).toBe(2);
    expect(resumeStep('3', 3)).toBe(3);
  });

  it('starts at the first step without a stored one', () => {
    expect(resumeStep(null, 3)).toBe(0);
    expect(resumeStep('', 3)).toBe(0);
  });

  it('starts at the first step when the stored one is not a step', () => {
    for (const stored of ['-1', '1.5', 'two', 'NaN', 'Infinity', '7x']) {
      expect(resumeStep(stored, 3)).toBe(0);
    }
  });

  it('goes no further than the last step', () => {
    expect(resumeStep('9', 3)).toBe(3);
  });
});
