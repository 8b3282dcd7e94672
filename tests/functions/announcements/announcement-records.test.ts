/**
 * The announcements repository (functions/_lib/repositories/announcements.ts) on its own: a
 * create never overwrites a blob that holds its id, an edit replaces text and link as a whole
 * and keeps the id, the list skips what is not an announcement, and removals say whether there
 * was one.
 */
import { getStore } from '@netlify/blobs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { newId } from '../../../functions/_lib/ids.ts';
import { announcements } from '../../../functions/_lib/repositories/announcements.ts';
import { useBlobs } from '../helpers.ts';

useBlobs();

afterEach(() => {
  vi.useRealTimers();
});

const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const store = () => getStore({ name: 'announcements', consistency: 'strong' });

/** The id `newId` makes next within the same millisecond: the random part plus one. */
function following(id: string): string {
  const digits = [...id.slice(10)].map((char) => ALPHABET.indexOf(char));
  for (let i = digits.length - 1; i >= 0; i--) {
    if (digits[i]! < 31) {
      digits[i]!++;
      break;
    }
    digits[i] = 0;
  }
  return id.slice(0, 10) + digits.map((digit) => ALPHABET[digit]).join('');
}

describe('announcements', () => {
  it('never overwrite a blob that already holds the id a create was given', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    const taken = following(newId());
    await store().setJSON(taken, { _id: taken, text: 'Already here', link: '' });
    const created = await announcements.create({ text: 'New', link: '' });
    expect(await store().get(taken, { type: 'json' })).toEqual({
      _id: taken,
      text: 'Already here',
      link: '',
    });
    // The create moved on to a fresh id, and what it answers is what it stored.
    expect(created._id).not.toBe(taken);
    expect(await store().get(created._id, { type: 'json' })).toEqual(created);
    expect((await announcements.list()).map((item) => item.text)).toEqual(['Already here', 'New']);
  });

  it('are stored as created: the id and the given fields only', async () => {
    const created = await announcements.create({ text: 'Open day', link: '/events' });
    expect(Object.keys(created)).toEqual(['_id', 'text', 'link']);
    expect(await store().get(created._id, { type: 'json' })).toEqual(created);
  });

  it('are replaced as a whole by an edit, under the same id', async () => {
    const created = await announcements.create({ text: 'Open day', link: '/events' });
    const edited = await announcements.update(created._id, { text: 'Closed', link: '' });
    expect(edited).toEqual({ _id: created._id, text: 'Closed', link: '' });
    expect(await announcements.list()).toEqual([edited]);
    expect(await announcements.update(newId(), { text: 'x', link: '' })).toBeNull();
  });

  it('list oldest first and skip keys that are not ids or not live', async () => {
    const first = await announcements.create({ text: 'First', link: '' });
    const second = await announcements.create({ text: 'Second', link: '' });
    await store().set('_generation', 'x');
    await store().set('notes', 'x');
    await store().setJSON(newId(), { _deleted: true });
    expect((await announcements.list()).map((item) => item.text)).toEqual(['First', 'Second']);
    expect(await announcements.remove(first._id)).toBe(true);
    expect(await announcements.remove(first._id)).toBe(false);
    expect(await announcements.list()).toEqual([second]);
  });
});
