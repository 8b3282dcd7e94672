/**
 * Twenty applications with 5 MB CVs at once against a running local server, on loopback (issue
 * 39, "measure"): each from its own loopback address (127.0.x.y, which the local server takes as
 * the client's), each with a solved proof of work and a CV of exactly 5 MB (a real PDF padded
 * with spaces, unique per applicant), sent as the form's script sends it: the first 3 MB ahead to
 * /api/applications/parts, the rest with the form (Netlify takes about 4.5 MB of binary in one
 * request, and the local server refuses what Netlify would). Prints the time, each application's
 * answers, and the server's peak resident memory, sampled from /proc every 20 ms while they run.
 *
 *   PORT=4414 BLOBS_DIR=/tmp/load-apps npm run serve
 *   node scripts/load-applications.ts --port 4414 --pid <the server's node pid> [--count 20]
 */
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { parseArgs } from 'node:util';
import { makePdf } from '../tests/support/hostile-files.ts';
import { testProof } from '../tests/support/proof.ts';
import { CV_MAX_BYTES, CV_PART_BYTES } from '../src/lib/schemas/application.ts';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '4414' },
    pid: { type: 'string' },
    count: { type: 'string', default: '20' },
  },
});
const port = Number(values.port);
const count = Number(values.count);

/** Resident memory of `pid` in MB (VmRSS), or undefined when it cannot be read. */
function rssMb(pid: string | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]);
    return Number.isFinite(kb) ? kb / 1024 : undefined;
  } catch {
    return undefined;
  }
}

function cvOf(n: number): Uint8Array<ArrayBuffer> {
  const pdf = makePdf({ page: `BT (Applicant ${n}) Tj ET` });
  const bytes = new Uint8Array(CV_MAX_BYTES);
  bytes.fill(0x20);
  bytes.set(pdf, 0);
  return bytes;
}

/** One POST from applicant `n`'s own loopback address; resolves to the status and body. */
function post(
  n: number,
  path: string,
  headers: Record<string, string>,
  body: Buffer,
): Promise<{ status: number; text: string }> {
  return new Promise((done, fail) => {
    const sending = request(
      {
        host: '127.0.0.1',
        port,
        path,
        method: 'POST',
        localAddress: `127.0.${n >> 8}.${(n & 255) + 2}`,
        headers: { accept: 'application/json', ...headers, 'content-length': String(body.length) },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => done({ status: res.statusCode ?? 0, text }));
      },
    );
    sending.on('error', fail);
    sending.end(body);
  });
}

async function upload(n: number): Promise<{ status: number; ms: number; largest: number }> {
  const key = `load-applicant-${String(n).padStart(4, '0')}-${Date.now()}`;
  const cv = cvOf(n);
  const fields: Record<string, string> = {
    name: `Load Applicant ${n}`,
    email: `load${n}@example.com`,
    phone: '+91 98470 12345',
    opening: 'open',
    location: 'Kochi, Kerala',
    coverNote: 'A loopback load test.',
    consent: 'yes',
    altcha: await testProof(),
  };
  const started = performance.now();
  const partCount = Math.ceil(cv.length / CV_PART_BYTES) - 1;
  let token = '';
  let largest = 0;
  for (let part = 0; part < partCount; part++) {
    const hour = token === '' ? '' : `&hour=${token.split('.')[0]}`;
    const bytes = Buffer.from(cv.subarray(part * CV_PART_BYTES, (part + 1) * CV_PART_BYTES));
    largest = Math.max(largest, bytes.length);
    const sent = await post(
      n,
      `/api/applications/parts?upload=${key}&part=${part}${hour}`,
      { 'content-type': 'application/octet-stream' },
      bytes,
    );
    if (sent.status !== 201 && sent.status !== 200) {
      return { status: sent.status, ms: performance.now() - started, largest };
    }
    token = (JSON.parse(sent.text) as { token: string }).token;
  }
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  if (partCount > 0) {
    form.set('cvParts', token);
    form.set('cvPartCount', String(partCount));
  }
  const last = cv.subarray(partCount * CV_PART_BYTES);
  form.set('cv', new Blob([last], { type: 'application/pdf' }), `cv-${n}.pdf`);
  // The multipart bytes as fetch would send them.
  const encoded = new Request('http://127.0.0.1/', { method: 'POST', body: form });
  const body = Buffer.from(await encoded.arrayBuffer());
  largest = Math.max(largest, body.length);
  const { status } = await post(
    n,
    '/api/applications',
    { 'content-type': encoded.headers.get('content-type') ?? '', 'idempotency-key': key },
    body,
  );
  return { status, ms: performance.now() - started, largest };
}

const baseline = rssMb(values.pid);
let peak = baseline ?? 0;
const sampler = setInterval(() => {
  peak = Math.max(peak, rssMb(values.pid) ?? 0);
}, 20);
const started = performance.now();
const results = await Promise.all(Array.from({ length: count }, (_, n) => upload(n)));
const total = performance.now() - started;
clearInterval(sampler);

const statuses = new Map<number, number>();
for (const { status } of results) statuses.set(status, (statuses.get(status) ?? 0) + 1);
const times = results.map(({ ms }) => ms).sort((a, b) => a - b);
console.log(
  `${count} uploads of ${(CV_MAX_BYTES / 1024 / 1024).toFixed(0)} MB at once: ${total.toFixed(0)} ms in all; ` +
    `no request over ${(Math.max(...results.map(({ largest }) => largest)) / 1024 / 1024).toFixed(2)} MB; ` +
    `each ${times[0]!.toFixed(0)}–${times.at(-1)!.toFixed(0)} ms (median ${times[Math.floor(count / 2)]!.toFixed(0)}); ` +
    `answers ${[...statuses].map(([status, n]) => `${n} × ${status}`).join(', ')}`,
);
if (baseline !== undefined) {
  console.log(
    `server memory (VmRSS): ${baseline.toFixed(0)} MB before, peak ${peak.toFixed(0)} MB`,
  );
}
process.exitCode = results.every(({ status }) => status === 201) ? 0 : 1;
