import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { LoginSchema, fieldErrors, isBotSubmission } from '../../../src/lib/schemas/index.ts';

describe('LoginSchema', () => {
  it('requires both fields; trims the username but not the password', () => {
    expect(v.parse(LoginSchema, { username: ' admin ', password: ' pw ' })).toEqual({
      username: 'admin',
      password: ' pw ',
    });
    const result = v.safeParse(LoginSchema, { username: '', password: '' });
    expect(!result.success && fieldErrors(result.issues)).toEqual({
      username: 'This field is required.',
      password: 'This field is required.',
    });
  });

  it('bounds the password so hashing stays cheap', () => {
    expect(v.safeParse(LoginSchema, { username: 'a', password: 'x'.repeat(1_025) }).success).toBe(
      false,
    );
  });
});

describe('honeypot', () => {
  it.each([
    [{}, false],
    [{ website: '' }, false],
    [{ website: '  ' }, false],
    [{ website: null }, false],
    [{ website: 'http://spam' }, true],
    [{ website: ['x'] }, true],
    [{ website: 1 }, true],
  ])('%j is a bot: %s', (body, bot) => {
    expect(isBotSubmission(body)).toBe(bot);
  });
});
