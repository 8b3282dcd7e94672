/**
 * A site-wide ceiling on events per window of time (a minute of page views, an hour of held
 * submissions) that holds across instances and however many addresses send them (Netlify's rate
 * limit counts per address). An instance takes a block of `blockSize` events of the current
 * window by writing `<prefix of the window><n>` with `onlyIfNew` (n below the window's number of
 * blocks), and spends it before it takes another: one storage write per block, never a shared
 * counter read and written back. A block part-spent when its window ends is lost, so the ceiling
 * is never passed, only sometimes not reached.
 */
import { scopedName, withStore } from './store.ts';

export interface BlockQuotaOptions {
  /** The store the blocks are claimed in. */
  store: string;
  windowMs: number;
  /** Events a window allows (rounded up to whole blocks). */
  capacity: () => number;
  blockSize: number;
  /** The key prefix of a window's blocks (window = time / windowMs, rounded down). */
  prefix: (window: number) => string;
}

export interface BlockQuota {
  /** Takes one event's place in the window of `now`; false when the window is full. */
  take(now: number): Promise<boolean>;
  /** Forgets the blocks this instance holds (tests: a cold instance). */
  forget(): void;
}

/** Blocks an instance tries to take before it gives up for the window. */
const MAX_TRIES = 5;

interface Block {
  window: number;
  left: number;
}

export function blockQuota(options: BlockQuotaOptions): BlockQuota {
  const { store, windowMs, capacity, blockSize, prefix } = options;
  // Per store scope (deploy data differs from the site's): the block an instance is spending.
  const held = new Map<string, Block>();
  const claiming = new Map<string, Promise<Block | undefined>>();

  async function claimBlock(window: number): Promise<Block | undefined> {
    const blocks = Math.ceil(capacity() / blockSize);
    const under = prefix(window);
    return withStore(store, async (blobs) => {
      const taken = new Set<string>();
      for await (const page of blobs.list({ prefix: under, paginate: true })) {
        for (const { key } of page.blobs) taken.add(key);
        if (taken.size >= blocks) break;
      }
      let tries = 0;
      for (let index = 0; index < blocks && tries < MAX_TRIES; index++) {
        if (taken.has(`${under}${index}`)) continue;
        tries++;
        const { modified } = await blobs.setJSON(`${under}${index}`, {}, { onlyIfNew: true });
        if (modified) return { window, left: blockSize };
      }
      return undefined;
    });
  }

  return {
    async take(now) {
      const window = Math.floor(now / windowMs);
      const name = scopedName(store);
      for (;;) {
        const block = held.get(name);
        if (block !== undefined && block.window === window && block.left > 0) {
          block.left--;
          return true;
        }
        // One claim at a time per instance and window: simultaneous requests share its block.
        const claimKey = `${name}|${window}`;
        let claim = claiming.get(claimKey);
        if (claim === undefined) {
          claim = claimBlock(window).finally(() => claiming.delete(claimKey));
          claiming.set(claimKey, claim);
        }
        const taken = await claim;
        if (taken === undefined) return false;
        held.set(name, taken);
      }
    },
    forget() {
      held.clear();
    },
  };
}
