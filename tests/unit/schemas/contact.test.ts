import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { ContactMessageSchema, fieldErrors } from '../../../src/lib/schemas/index.ts';
import { en } from '../../../src/i18n/forms/en';

const errorsOf = (input: unknown) => {
  const result = v.safeParse(ContactMessageSchema, input);
  return result.success ? {} : fieldErrors(result.issues);
};

describe('ContactMessageSchema', () => {
  it('accepts email, name and message, trimmed, dropping anything else', () => {
    expect(
      v.parse(ContactMessageSchema, {
        email: ' a@b.co ',
        name: ' Ravi ',
        message: ' Hi ',
        phone: '1',
      }),
    ).toEqual({
      email: 'a@b.co',
      name: 'Ravi',
      message: 'Hi',
    });
  });

  it('requires all three fields', () => {
    expect(errorsOf({})).toEqual({
      email: 'This field is required.',
      name: 'This field is required.',
      message: 'This field is required.',
    });
  });

  it('checks the e-mail pattern and the lengths', () => {
    expect(errorsOf({ email: 'nope', name: 'x'.repeat(201), message: 'x'.repeat(5_001) })).toEqual({
      email: 'Invalid email format.',
      name: 'Please use at most 200 characters.',
      message: 'Please use at most 5,000 characters.',
    });
  });

  it('checks e-mail in linear time, even for a long address without a dot', () => {
    const started = performance.now();
    errorsOf({ email: `a@${'b'.repeat(30_000)}`, name: 'n', message: 'm' });
    expect(performance.now() - started).toBeLessThan(50);
  });

  it('keeps the form placeholders', () => {
    expect(en.contact.placeholders).toEqual({
      email: 'Enter a valid email address',
      name: 'Enter your Name',
      message: 'Enter your message',
    });
  });
});
