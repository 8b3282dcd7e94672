/** A cheap round trip to Blobs for `GET /api/health`. */
import { withStore } from './store.ts';

export async function probeStorage(): Promise<void> {
  await withStore('health', (store) => store.getMetadata('probe'));
}
