/**
 * `restore --replace` (scripts/backup-restore.ts) is a staged swap: nothing is deleted before
 * the whole file is checked, each blob is written over the version read, every blob is read back,
 * and only then are the keys the backup lacks deleted. A failure at any step (a write or a delete
 * the storage refuses, a bad entry in a signed file) leaves the old data exactly as it was: 921
 * messages stay the same 921. Without a failure, the stores end as the backup was.
 */
import { describe, expect, it } from 'vitest';
import { backupLines, open, sealToBytes } from '../../../scripts/backup-core.ts';
import { restore } from '../../../scripts/backup-restore.ts';
import { useFaultyBlobs } from '../faulty-blobs.ts';
import { useBlobs } from '../helpers.ts';
import { seedStore } from '../seed-store.ts';
import { entryLine, fileOf, makeKeys, snapshot, storeOf } from './backup-kit.ts';

const blobs = useBlobs({ silenceErrors: true });
const faulty = useFaultyBlobs(blobs);

const STORE = 'contact-messages';
const MESSAGES = 921;
const keyOf = (n: number) => `01K${String(n).padStart(23, '0')}`;
const message = (n: number, version = 1) => ({
  key: keyOf(n),
  value: { name: `Sender ${n}`, message: `Message ${n}, version ${version}` },
  metadata: { version, n },
});
const PUTS = new RegExp(`/site:${STORE}/`);

/**
 * `count` messages backed up; then the site moves on: 100 edited, 30 new, 10 deleted. The file
 * of the backup, the data it holds and the site's data now.
 */
async function backedUpThenChanged(count: number) {
  const keys = await makeKeys();
  await seedStore(
    blobs,
    STORE,
    Array.from({ length: count }, (_, n) => message(n)),
  );
  const atBackup = await snapshot();
  const backup = await open(await sealToBytes(backupLines(storeOf), keys.making), keys.opening);
  await seedStore(blobs, STORE, [
    ...Array.from({ length: 100 }, (_, n) => message(n, 2)),
    ...Array.from({ length: 30 }, (_, n) => message(count + n)),
  ]);
  for (let n = count - 10; n < count; n++) await storeOf(STORE).delete(keyOf(n));
  const now = await snapshot();
  expect(now.size).toBe(count + 20);
  return { keys, backup, atBackup, now };
}

/**
 * Has the storage refuse one `method` request to the store after `passed` went through, and
 * expects the restore to fail saying the stores are as they were.
 */
async function expectRestoreToFailAfter(
  backup: Parameters<typeof restore>[0],
  method: 'PUT' | 'DELETE',
  passed: number,
): Promise<void> {
  faulty.inject(
    { method, path: PUTS, fault: { kind: 'delay', ms: 0 }, times: passed },
    { method, path: PUTS, fault: { kind: 'refuse', status: 400 }, times: 1 },
  );
  await expect(restore(backup, storeOf, { replace: true })).rejects.toThrow(
    /The restore failed: .*the stores are as they were\./,
  );
}

describe('restore --replace', () => {
  it('leaves the old data whole when a write fails half-way, then swaps when none does', async () => {
    const { backup, atBackup, now } = await backedUpThenChanged(MESSAGES);
    // The storage refuses one write, after 400 went through.
    await expectRestoreToFailAfter(backup, 'PUT', 400);
    expect(await snapshot()).toEqual(now);
    expect(faulty.seen.filter((line) => line.startsWith('DELETE'))).toEqual([]);

    blobs.restore();
    const report = await restore(backup, storeOf, { replace: true });
    expect(report.stores[STORE]).toBe(MESSAGES);
    expect(atBackup.size).toBe(MESSAGES);
    expect(await snapshot()).toEqual(atBackup);
  }, 300_000);

  it('puts back what it wrote and deleted when a delete of a key the backup lacks fails', async () => {
    const { backup, now } = await backedUpThenChanged(150);
    await expectRestoreToFailAfter(backup, 'DELETE', 12);
    expect(await snapshot()).toEqual(now);
  }, 60_000);

  it('deletes nothing for a signed file with a bad entry: checked whole first', async () => {
    const { keys, now } = await backedUpThenChanged(150);
    const lines = Array.from({ length: 50 }, (_, n) =>
      entryLine({ store: STORE, ...message(n, 3) }),
    );
    lines.push(entryLine({ store: STORE, key: '/not-a-key', value: {} }));
    const file = await fileOf(lines, keys.making);
    await expect(
      open(file, keys.opening).then((backup) => restore(backup, storeOf, { replace: true })),
    ).rejects.toThrow(/a key Blobs refuses.*Nothing was restored\./);
    expect(await snapshot()).toEqual(now);
  }, 60_000);
});
