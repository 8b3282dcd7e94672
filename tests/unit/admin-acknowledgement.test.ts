/** The admin says with a lead when its sender's acknowledgement was skipped, and why. */
import { describe, expect, it } from 'vitest';
import { acknowledgementNote } from '../../src/admin/display/values.ts';

describe('acknowledgementNote', () => {
  it.each([
    ['site', "Acknowledgement not sent: the site's hourly limit was reached."],
    ['domain', "Acknowledgement not sent: the hourly limit for the address's domain was reached."],
    ['recipient', 'Acknowledgement not sent: this address was sent one within the hour.'],
    ['client', "Acknowledgement not sent: the sender's network address reached its hourly limit."],
  ])('a lead skipped for %j says so', (reason, text) => {
    const note = { state: 'skipped', reason, at: '2026-11-28T10:00:00.000Z' };
    expect(acknowledgementNote({ acknowledgement: note })).toBe(text);
  });

  it('says nothing for a lead acknowledged, or a note it does not know', () => {
    expect(acknowledgementNote({})).toBeUndefined();
    expect(
      acknowledgementNote({ acknowledgement: { state: 'skipped', reason: 'x' } }),
    ).toBeUndefined();
    expect(acknowledgementNote({ acknowledgement: 'skipped' })).toBeUndefined();
  });
});
