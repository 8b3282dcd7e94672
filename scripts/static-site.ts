/**
 * A plain static server for `npm run bench:pages -- --against=DIR`: another site's build (say
 * AstroWind's dist/) served on loopback the way scripts/local-server.ts serves ours (Brotli at
 * quality 5 for text, directory URLs as `index.html`, no caching headers), so that the two are
 * measured under the same conditions.
 */
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { extname, join, normalize } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createBrotliCompress, constants as zlib } from 'node:zlib';

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
const compressible = /^(text\/|application\/(json|xml|manifest\+json)|image\/svg\+xml)/;

/** The file of `dir` a URL path names, or undefined. */
function fileFor(dir: string, pathname: string): string | undefined {
  const path = normalize(decodeURIComponent(pathname)).replace(/^(\.\.[/\\])+/, '');
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
  const server = createServer((req, res) => {
    const { pathname } = new URL(req.url ?? '/', 'http://localhost');
    const file = fileFor(dir, pathname) ?? fileFor(dir, '/404.html');
    const type = TYPES[extname(file ?? '')] ?? 'application/octet-stream';
    res.statusCode = file === undefined ? 404 : file.endsWith('/404.html') ? 404 : 200;
    if (file === undefined) {
      res.end('Not found');
      return;
    }
    res.setHeader('content-type', type);
    const brotli = compressible.test(type) && /\bbr\b/.test(String(req.headers['accept-encoding']));
    const body = createReadStream(file);
    if (!brotli) {
      void pipeline(body, res).catch(() => undefined);
      return;
    }
    res.setHeader('content-encoding', 'br');
    res.setHeader('vary', 'Accept-Encoding');
    const compressor = createBrotliCompress({ params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } });
    void pipeline(body, compressor, res).catch(() => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return { base: `http://127.0.0.1:${address.port}`, server };
}
