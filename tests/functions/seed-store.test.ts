import { getStore } from '@netlify/blobs';
import { describe, expect, it } from 'vitest';
import { useBlobs } from './helpers.ts';
import { seedStore } from './seed-store.ts';

describe('seedStore', () => {
  const blobs = useBlobs();

  it('writes records the Blobs server then lists, reads with metadata and overwrites conditionally', async () => {
    const made = await seedStore(
      blobs,
      'seeded',
      Array.from({ length: 300 }, (_, i) => ({
        key: `a/${String(i).padStart(5, '0')}`,
        value: { i },
        ...(i === 7 ? { metadata: { note: 'seven' } } : {}),
      })),
    );
    expect(made).toBe(300);
    const store = getStore({ name: 'seeded', consistency: 'strong' });
    const { blobs: listed } = await store.list({ prefix: 'a/' });
    expect(listed.map(({ key }) => key)).toHaveLength(300);
    const seven = await store.getWithMetadata('a/00007', { type: 'json' });
    expect(seven?.data).toEqual({ i: 7 });
    expect(seven?.metadata).toEqual({ note: 'seven' });
    const write = await store.setJSON('a/00007', { i: 70 }, { onlyIfMatch: seven?.etag ?? '' });
    expect(write.modified).toBe(true);
    expect(await store.get('a/00007', { type: 'json' })).toEqual({ i: 70 });
  });
});
