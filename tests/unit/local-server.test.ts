/**
 * The local server (scripts/local-server.ts, what `npm start` and the browser tests run) on a real
 * loopback port: the 6 MB body cap (4.5 MB for a body Netlify base64-encodes) is enforced without
 * reading past it, and the 404 page carries
 * netlify.toml's headers like every other page.
 */
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { createServer, request, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { resolveConfig } from '@netlify/config';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MAX_BINARY_BODY_BYTES,
  MAX_BODY_BYTES,
  type Route,
} from '../../scripts/local-functions.ts';
import { siteHandler, siteHeaders } from '../../scripts/local-server.ts';

const root = process.cwd();
const NOT_FOUND_PAGE = '<!doctype html><title>Not found</title>';

/** One function that says how many body bytes it received. */
const routes: Route[] = [
  {
    segments: ['', 'api', 'echo'],
    methods: undefined,
    handler: async (req) => Response.json({ bytes: (await req.arrayBuffer()).byteLength }),
  },
];

let server: Server;
let port = 0;

beforeAll(async () => {
  server = createServer(
    siteHandler({
      routes,
      origin: 'http://localhost:8888',
      staticFile: async () => undefined,
      notFoundPage: new TextEncoder().encode(NOT_FOUND_PAGE) as Uint8Array<ArrayBuffer>,
      headersFor: siteHeaders(root),
    }),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

/** Sends raw bytes and collects everything the server answers until it closes the socket. */
function raw(head: string, timeoutMs: number): Promise<{ text: string; ms: number }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const socket = connect(port, '127.0.0.1', () => socket.write(head));
    let text = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (text += chunk));
    socket.on('error', reject);
    socket.on('close', () => resolve({ text, ms: performance.now() - started }));
    setTimeout(() => {
      socket.destroy();
      reject(new Error(`no close within ${timeoutMs} ms; got ${JSON.stringify(text)}`));
    }, timeoutMs).unref();
  });
}

describe('the body cap (Netlify’s 6 MB)', () => {
  it('refuses a declared 999,999,999 bytes at once, with 413 JSON, and closes', async () => {
    const { text, ms } = await raw(
      'POST /api/echo HTTP/1.1\r\nHost: localhost\r\ncontent-type: application/json\r\n' +
        'content-length: 999999999\r\n\r\n{"a":',
      1_000,
    );
    expect(text).toMatch(/^HTTP\/1\.1 413 /);
    expect(text).toMatch(/\r\nconnection: close\r\n/i);
    expect(text).toMatch(/\r\ncontent-type: application\/json/i);
    expect(text).toContain('{"error":"Request body is too large."}');
    expect(ms).toBeLessThan(1_000);
  });

  it('refuses a declared length over the cap on any path, not just the API', async () => {
    const { text } = await raw(
      `POST /contact HTTP/1.1\r\nHost: localhost\r\ncontent-length: ${MAX_BODY_BYTES + 1}\r\n\r\n`,
      1_000,
    );
    expect(text).toMatch(/^HTTP\/1\.1 413 /);
  });

  it('answers 413 as soon as a chunked body passes 6 MB, and stops reading it', async () => {
    const started = performance.now();
    const chunk = Buffer.alloc(64 * 1024, 'a');
    const offered = 64 * 1024 * 1024;
    let sent = 0;
    let answered: { status: number; body: string; ms: number } | undefined;
    await new Promise<void>((resolve) => {
      const req = request({
        host: '127.0.0.1',
        port,
        agent: false,
        method: 'POST',
        path: '/api/echo',
        headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
      });
      req.on('response', (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (data: string) => (body += data));
        res.on('end', () => {
          answered = { status: res.statusCode ?? 0, body, ms: performance.now() - started };
        });
      });
      // The server ends the connection (a reset or an abort here): all this test waits for.
      req.on('error', () => {});
      req.on('close', () => resolve());
      // Keeps sending, as a hostile client would, whatever the answer says.
      const pump = () => {
        while (sent < offered) {
          sent += chunk.length;
          if (!req.write(chunk)) return void req.once('drain', pump);
        }
        req.end();
      };
      pump();
    });
    expect(answered?.status).toBe(413);
    expect(JSON.parse(answered?.body ?? '')).toEqual({ error: 'Request body is too large.' });
    expect(answered?.ms).toBeLessThan(2_000);
    // Socket buffers hold a few MB at most: the server did not take the 64 MB on offer.
    expect(sent).toBeLessThan(MAX_BODY_BYTES + 16 * 1024 * 1024);
  });

  it('passes a text body under the cap to the function whole', async () => {
    const body = Buffer.alloc(MAX_BODY_BYTES - 10, 'b');
    const res = await fetch(`http://127.0.0.1:${port}/api/echo`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body,
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ bytes: MAX_BODY_BYTES - 10 });
  });
});

describe('the cap on a body Netlify base64-encodes (4.5 MB as sent)', () => {
  const post = (bytes: number, type?: string) =>
    fetch(`http://127.0.0.1:${port}/api/echo`, {
      method: 'POST',
      ...(type === undefined ? {} : { headers: { 'content-type': type } }),
      body: Buffer.alloc(bytes, 'c'),
    });

  it('is 6 MB once encoded', () => {
    expect(Math.ceil(MAX_BINARY_BODY_BYTES / 3) * 4).toBe(MAX_BODY_BYTES);
  });

  it('passes a multipart body of exactly the cap and refuses one byte more', async () => {
    const type = 'multipart/form-data; boundary=x';
    const exact = await post(MAX_BINARY_BODY_BYTES, type);
    expect(exact.status).toBe(200);
    expect(await exact.json()).toEqual({ bytes: MAX_BINARY_BODY_BYTES });
    const over = await post(MAX_BINARY_BODY_BYTES + 1, type);
    expect(over.status).toBe(413);
    expect(await over.json()).toEqual({ error: 'Request body is too large.' });
  });

  it('counts an octet stream, or a body of no stated type, as binary', async () => {
    expect((await post(MAX_BINARY_BODY_BYTES + 1, 'application/octet-stream')).status).toBe(413);
    expect((await post(MAX_BINARY_BODY_BYTES + 1)).status).toBe(413);
  });

  it('gives JSON and form posts the whole 6 MB', async () => {
    for (const type of ['application/json', 'application/x-www-form-urlencoded; charset=utf-8']) {
      const res = await post(MAX_BINARY_BODY_BYTES + 1, type);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ bytes: MAX_BINARY_BODY_BYTES + 1 });
    }
  });

  it('refuses a declared multipart length over it before reading a byte', async () => {
    const { text } = await raw(
      'POST /api/echo HTTP/1.1\r\nHost: localhost\r\n' +
        'content-type: multipart/form-data; boundary=x\r\n' +
        `content-length: ${MAX_BINARY_BODY_BYTES + 1}\r\n\r\n`,
      1_000,
    );
    expect(text).toMatch(/^HTTP\/1\.1 413 /);
  });
});

describe('the 404 page', () => {
  async function slashStarHeaders(): Promise<Record<string, string>> {
    const { config } = await resolveConfig({
      cwd: root,
      repositoryRoot: root,
      context: 'dev',
      offline: true,
      mode: 'cli',
      buffer: true,
    });
    const rule = (config.headers as { for: string; values: Record<string, string> }[]).find(
      (header) => header.for === '/*',
    );
    if (!rule) throw new Error('netlify.toml has no [[headers]] rule for /*');
    return rule.values;
  }

  it('carries every header of netlify.toml’s /* block', async () => {
    const expected = await slashStarHeaders();
    expect(Object.keys(expected).length).toBeGreaterThan(0);
    for (const method of ['GET', 'HEAD']) {
      const res = await fetch(`http://127.0.0.1:${port}/no-such-page/`, { method });
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
      for (const [name, value] of Object.entries(expected)) {
        expect(res.headers.get(name), `${method} ${name}`).toBe(value);
      }
      expect(await res.text()).toBe(method === 'GET' ? NOT_FOUND_PAGE : '');
    }
  });
});

describe('siteHeaders', () => {
  let project = '';
  beforeAll(async () => {
    project = await mkdtemp(join(tmpdir(), 'site-headers-'));
    await writeFile(
      join(project, 'netlify.toml'),
      [
        '[[headers]]',
        '  for = "/*"',
        '  [headers.values]',
        '    X-Frame-Options = "DENY"',
        '[[headers]]',
        '  for = "/admin/*"',
        '  [headers.values]',
        '    Cache-Control = "no-store"',
      ].join('\n'),
    );
    await mkdir(join(project, 'dist'));
    await writeFile(join(project, 'dist', '_headers'), '/*\n  X-Robots-Tag: noindex\n');
  });
  afterAll(() => rm(project, { recursive: true, force: true }));

  it('reads netlify.toml and dist/_headers and applies the rules that match the path', async () => {
    const headersFor = siteHeaders(project);
    expect(await headersFor('/nope')).toEqual({
      'X-Frame-Options': 'DENY',
      'X-Robots-Tag': 'noindex',
    });
    expect(await headersFor('/admin/nope')).toEqual({
      'X-Frame-Options': 'DENY',
      'Cache-Control': 'no-store',
      'X-Robots-Tag': 'noindex',
    });
  });
});
