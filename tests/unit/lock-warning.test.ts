/** The login page's words for the server's lock warning (`withLockWarning`, src/admin/api/client.ts). */
import { describe, expect, it } from 'vitest';
import { withLockWarning } from '../../src/admin/api/sign-in';

const headers = (values: Record<string, string>) => new Headers(values);

describe('withLockWarning', () => {
  it("follows the spec's 'Invalid credentials' with the warning, as a sentence of its own", () => {
    expect(
      withLockWarning(
        'Invalid credentials',
        headers({ 'X-Attempts-Left': '1', 'X-Lockout-Minutes': '15' }),
      ),
    ).toBe('Invalid credentials. One more failed attempt may lock sign-in for 15 minutes.');
  });

  it("follows a second step's own sentence, and names the lock's length as sent", () => {
    expect(
      withLockWarning(
        'That recovery code is not right, or was used already.',
        headers({ 'x-attempts-left': '1', 'x-lockout-minutes': '1' }),
      ),
    ).toBe(
      'That recovery code is not right, or was used already. One more failed attempt may lock sign-in for 1 minute.',
    );
  });

  it('says nothing more without the warning, and leaves out a length it cannot read', () => {
    expect(withLockWarning('Invalid credentials', headers({}))).toBe('Invalid credentials');
    expect(withLockWarning('Invalid credentials', headers({ 'x-attempts-left': '2' }))).toBe(
      'Invalid credentials',
    );
    expect(
      withLockWarning(
        'Invalid credentials',
        headers({ 'x-attempts-left': '1', 'x-lockout-minutes': 'soon' }),
      ),
    ).toBe('Invalid credentials. One more failed attempt may lock sign-in.');
  });
});
