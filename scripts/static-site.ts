/**
 * A plain static site for `npm run bench:pages -- --against=DIR`: another site's build (say
 * AstroWind's dist/) served on loopback through the local server's own request handling
 * (`siteHandler` of scripts/local-server.ts: the same compression and 404 page as ours, no API),
 * so that the two are measured under the same conditions.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { extname, join, normalize } from 'node:path';
import { siteHandler } from './local-server.ts';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.xml': 'application/xml',
  '.webmanifest': 'application/manifest+json',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.txt': 'text/plain; charset=utf-8',
};

/**
 * The file of `dir` a URL path names (a folder: its index.html), or undefined: also for a path
 * outside `dir` or one that is not valid percent-encoding.
 */
export function fileFor(dir: string, pathname: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return undefined;
  }
  const path = normalize(decoded).replace(/^(\.\.[/\\])+/, '');
  for (const candidate of [
    join(dir, path),
    join(dir, path, 'index.html'),
    join(dir, `${path}.html`),
  ]) {
    if (candidate.startsWith(dir) && existsSync(candidate) && statSync(candidate).isFile()) {
      return candidate;
    }
  }
  return undefined;
}

/** Serves the folder `dir` on a free port of 127.0.0.1; resolves with its base URL and server. */
export async function serveStatic(dir: string): Promise<{ base: string; server: Server }> {
  const notFound = join(dir, '404.html');
  const server = createServer(
    siteHandler({
      routes: [],
      // Only to read request paths: this site has no API.
      origin: 'http://127.0.0.1',
      staticFile: async (req) => {
        const file = fileFor(dir, new URL(req.url ?? '/', 'http://localhost').pathname);
        if (file === undefined) return undefined;
        return new Response(await readFile(file), {
          headers: { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' },
        });
      },
      notFoundPage: existsSync(notFound)
        ? new Uint8Array(readFileSync(notFound))
        : new TextEncoder().encode('Not found'),
      headersFor: async () => ({}),
    }),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return { base: `http://127.0.0.1:${address.port}`, server };
}
