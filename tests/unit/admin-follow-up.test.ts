import { describe, expect, it } from 'vitest';
import { conflictMessage, noteCount, sortByStatus } from '../../src/admin/display/follow-up';
import type { Status } from '../../src/lib/schemas';

const rows = (...statuses: Status[]) => statuses.map((status, index) => ({ id: index, status }));

describe('sortByStatus', () => {
  const page = rows('Won', 'New', 'Lost', 'New', 'Contacted', 'Qualified');

  /** The page sorted in `direction`, each row as its status and id. */
  const order = (direction: 'ascending' | 'descending') =>
    sortByStatus(page, direction)
      .map((row) => `${row.status}${row.id}`)
      .join(' ');

  it('orders the page New → Lost, ties kept newest first', () => {
    expect(order('ascending')).toBe('New1 New3 Contacted4 Qualified5 Won0 Lost2');
  });

  it('reverses to Lost → New, ties still newest first', () => {
    expect(order('descending')).toBe('Lost2 Won0 Qualified5 Contacted4 New1 New3');
  });

  it('leaves the server order (a copy) when not sorted', () => {
    const sorted = sortByStatus(page, 'none');
    expect(sorted).toEqual(page);
    expect(sorted).not.toBe(page);
  });
});

describe('noteCount', () => {
  it('counts as the server does: trimmed, with the limit written out', () => {
    expect(noteCount('')).toBe('0 / 2,000 characters');
    expect(noteCount('  called, no answer \n')).toBe('17 / 2,000 characters');
    expect(noteCount('x'.repeat(2001))).toBe('2,001 / 2,000 characters');
  });
});

describe('conflictMessage', () => {
  it('names what was changed elsewhere', () => {
    expect(conflictMessage('enquiry')).toBe(
      'This enquiry was changed elsewhere; it has been reloaded.',
    );
    expect(conflictMessage('message')).toBe(
      'This message was changed elsewhere; it has been reloaded.',
    );
  });
});
