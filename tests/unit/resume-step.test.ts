import { describe, expect, it } from 'vitest';
import { resumeStep } from '../../src/lib/forms/resume-step';

const allValid = () => true;

describe('resumeStep', () => {
  it('reopens at the stored step when every earlier step passes', () => {
    expect(resumeStep('2', 3, allValid)).toBe(2);
    expect(resumeStep('3', 3, allValid)).toBe(3);
  });

  it('starts at the first step without a stored one', () => {
    expect(resumeStep(null, 3, allValid)).toBe(0);
    expect(resumeStep('', 3, allValid)).toBe(0);
  });

  it('starts at the first step when the stored one is not a step', () => {
    for (const stored of ['-1', '1.5', 'two', 'NaN', 'Infinity']) {
      expect(resumeStep(stored, 3, allValid)).toBe(0);
    }
  });

  it('goes no further than the last step', () => {
    expect(resumeStep('9', 3, allValid)).toBe(3);
  });

  it('stops at the first earlier step whose fields fail', () => {
    expect(resumeStep('3', 3, (step) => step !== 1)).toBe(1);
    expect(resumeStep('3', 3, (step) => step > 0)).toBe(0);
  });

  it('does not check the stored step itself or later ones', () => {
    expect(resumeStep('2', 3, (step) => step < 2)).toBe(2);
  });
});
