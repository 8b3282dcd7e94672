/**
 * How a stored record is read back, whatever the store holds: `isLive` (records.ts) tells a
 * record from a tombstone or a damaged value, and `tracked` (follow-up.ts) fills in, or repairs,
 * the follow-up fields of records stored before they existed or damaged since.
 */
import { describe, expect, it } from 'vitest';
import { tracked } from '../../functions/_lib/repositories/follow-up.ts';
import { isLive } from '../../functions/_lib/repositories/records.ts';

describe('isLive', () => {
  it('is true for an object record, false for a tombstone and for anything not an object', () => {
    expect(isLive({ _id: 'A' })).toBe(true);
    expect(isLive({ _id: 'A', _deleted: false })).toBe(true);
    expect(isLive({ _id: 'A', _deleted: 'yes' })).toBe(true);
    expect(isLive({ _deleted: true })).toBe(false);
    for (const value of [null, undefined, 'text', 42, true]) {
      expect(isLive(value), String(value)).toBe(false);
    }
  });
});

describe('tracked', () => {
  const base = { _id: '01JBENCHMARK0000000000000A', name: 'Asha' };

  it('fills in New, no notes and version 1 for a record stored before follow-up existed', () => {
    expect(tracked(base)).toEqual({ ...base, status: 'New', notes: [], version: 1 });
  });

  it('keeps valid follow-up fields as stored', () => {
    const note = { text: 'Called back', at: '2026-11-20T10:00:00.000Z' };
    const stored = { ...base, status: 'Won', notes: [note], version: 7 };
    expect(tracked(stored)).toEqual(stored);
    expect(tracked({ ...base, version: 1 }).version).toBe(1);
  });

  it('reads a damaged version as 1: not a number, not a safe integer, or below 1', () => {
    for (const version of ['7', 0, -3, 1.5, 2 ** 53, Number.NaN, null]) {
      expect(tracked({ ...base, version }).version, String(version)).toBe(1);
    }
  });

  it('keeps only well-formed notes, and reads a damaged status as New', () => {
    const good = { text: 'Site visit booked', at: '2026-11-21T09:30:00.000Z' };
    const notes = [
      null,
      'a note as text',
      7,
      { text: 'no time' },
      { at: '2026-11-21T09:30:00.000Z' },
      { text: 3, at: '2026-11-21T09:30:00.000Z' },
      { text: 'time as a number', at: 5 },
      good,
    ];
    expect(tracked({ ...base, notes }).notes).toEqual([good]);
    expect(tracked({ ...base, notes: 'not a list' }).notes).toEqual([]);
    expect(tracked({ ...base, status: 'Archived' }).status).toBe('New');
  });
});
