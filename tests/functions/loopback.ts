/** Loopback networking for function tests: ports nothing answers on, servers on free ports. */
import type { Server } from 'node:net';
import { freePort } from '../../scripts/bench-kit.ts';

/** A port with nothing listening on it. */
export const deadPort = freePort;

/** Starts `server` on a free loopback port and gives its base URL. */
export async function listenOnLoopback(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return `http://127.0.0.1:${address.port}`;
}
