/**
 * Twenty applications with 5 MB CVs at once against a running local server, on loopback (issue
 * 39, "measure"): each from its own loopback address (127.0.x.y, which the local server takes as
 * the client's), each with a solved proof of work and a CV of exactly 5 MB (a real PDF padded
 * with spaces, unique per applicant). Prints the time, each answer's status, and the server's
 * peak resident memory, sampled from /proc every 20 ms while the uploads run.
 *
 *   PORT=4414 BLOBS_DIR=/tmp/load-apps npm run serve
 *   node scripts/load-applications.ts --port 4414 --pid <the server's node pid> [--count 20]
 */
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { parseArgs } from 'node:util';
import { makePdf } from '../tests/support/hostile-files.ts';
import { testProof } from '../tests/support/proof.ts';
import { CV_MAX_BYTES } from '../src/lib/schemas/application.ts';

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

async function upload(n: number): Promise<{ status: number; ms: number }> {
  const form = new FormData();
  const fields = {
    name: `Load Applicant ${n}`,
    email: `load${n}@example.com`,
    phone: '+91 98470 12345',
    opening: 'open',
    location: 'Kochi, Kerala',
    coverNote: 'A loopback load test.',
    consent: 'yes',
    altcha: await testProof(),
  };
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  form.set('cv', new Blob([cvOf(n)], { type: 'application/pdf' }), `cv-${n}.pdf`);
  // The multipart bytes as fetch would send them, sent from the applicant's own address.
  const encoded = new Request('http://127.0.0.1/', { method: 'POST', body: form });
  const body = Buffer.from(await encoded.arrayBuffer());
  const started = performance.now();
  const status = await new Promise<number>((done, fail) => {
    const sending = request(
      {
        host: '127.0.0.1',
        port,
        path: '/api/applications',
        method: 'POST',
        localAddress: `127.0.${n >> 8}.${(n & 255) + 2}`,
        headers: {
          accept: 'application/json',
          'content-type': encoded.headers.get('content-type') ?? '',
          'content-length': String(body.length),
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => done(res.statusCode ?? 0));
      },
    );
    sending.on('error', fail);
    sending.end(body);
  });
  return { status, ms: performance.now() - started };
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
    `each ${times[0]!.toFixed(0)}–${times.at(-1)!.toFixed(0)} ms (median ${times[Math.floor(count / 2)]!.toFixed(0)}); ` +
    `answers ${[...statuses].map(([status, n]) => `${n} × ${status}`).join(', ')}`,
);
if (baseline !== undefined) {
  console.log(
    `server memory (VmRSS): ${baseline.toFixed(0)} MB before, peak ${peak.toFixed(0)} MB`,
  );
}
process.exitCode = results.every(({ status }) => status === 201) ? 0 : 1;
