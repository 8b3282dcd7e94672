/**
 * Requests a page makes, sent to the local server from another loopback address: the server
 * counts sign-in attempts per client address (the socket's, as Netlify's `context.ip`), so a
 * test that locks sign-in does it for an address of its own and never for the other tests.
 */
import { request as httpRequest } from 'node:http';
import { randomInt } from 'node:crypto';
import type { Page, Route } from '@playwright/test';

/** A loopback address of its own (127.x.y.z; Linux answers the whole 127/8 on `lo`). */
export const loopbackAddress = () =>
  `127.${randomInt(1, 255)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;

/** Sends every request of `page` matching `pattern` from `address`, answering with the reply. */
export async function routeFrom(page: Page, pattern: string, address: string): Promise<void> {
  await page.route(pattern, (route) => forwardFrom(route, address));
}

/** Headers of the connection, not of the answer: the fulfilled reply has its own. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'content-length']);

/** Sends the routed request to the server from `address`, and answers with its reply. */
export async function forwardFrom(route: Route, address: string): Promise<void> {
  const sent = route.request();
  const url = new URL(sent.url());
  const body = sent.postDataBuffer();
  const reply = await new Promise<{
    status: number;
    headers: Record<string, string>;
    body: Buffer;
  }>((resolve, reject) => {
    const outgoing = httpRequest(
      {
        // The server listens on what `localhost` resolves to; 127.0.0.1 is one of them.
        host: '127.0.0.1',
        port: url.port,
        path: url.pathname + url.search,
        method: sent.method(),
        headers: {
          ...sent.headers(),
          host: url.host,
          ...(body !== null && { 'content-length': String(body.length) }),
        },
        localAddress: address,
      },
      (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('end', () =>
          resolve({
            status: incoming.statusCode ?? 502,
            headers: Object.fromEntries(
              Object.entries(incoming.headers)
                .filter(([name]) => !HOP_BY_HOP.has(name))
                .map(([name, value]) => [name, [value ?? ''].flat().join(', ')]),
            ),
            body: Buffer.concat(chunks),
          }),
        );
        incoming.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body ?? undefined);
  });
  await route.fulfill(reply);
}
