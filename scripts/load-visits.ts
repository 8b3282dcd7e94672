/**
 * A loopback load of the visit beacon's endpoint: RATE page views a second for SECONDS seconds
 * from VISITORS simulated visitors (each its own loopback address, 127.x.y.z, which the local
 * server takes as the client's, and its own user agent) against a running local server, then the
 * rollup over the server's Blobs folder as if the day were over: stored views must equal the
 * views answered 202, unique visitors the simulated ones.
 *
 *   PORT=4412 BLOBS_DIR=/tmp/load-blobs npm run serve     (a fresh folder)
 *   node scripts/load-visits.ts --port 4412 --blobs /tmp/load-blobs [--rate 200] [--seconds 60] [--visitors 500]
 */
import { Agent, request } from 'node:http';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { dayOf } from '../functions/_lib/repositories/visits.ts';
import { withRequestScope } from '../functions/_lib/repositories/store.ts';
import { readInsights } from '../functions/_lib/visits/insights.ts';
import { rollUp } from '../functions/_lib/visits/rollup.ts';
import { startLocalBlobs } from './local-blobs.ts';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '4412' },
    blobs: { type: 'string' },
    rate: { type: 'string', default: '200' },
    seconds: { type: 'string', default: '60' },
    visitors: { type: 'string', default: '500' },
  },
});
const port = Number(values.port);
const rate = Number(values.rate);
const seconds = Number(values.seconds);
const visitors = Number(values.visitors);
if (values.blobs === undefined) throw new Error('--blobs: the running server’s BLOBS_DIR');

const PAGES = ['/', '/about/', '/ml/about/', '/ar/about/', '/renewable-energy/'];
const agents = Array.from(
  { length: visitors },
  (_, i) =>
    new Agent({
      keepAlive: true,
      maxSockets: 4,
      localAddress: `127.77.${i >> 7}.${(i & 127) + 1}`,
    }),
);
const userAgent = (i: number) =>
  `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.${i}.0 Safari/537.36`;

const failures = new Map<string, number>();

function send(n: number): Promise<{ status: number; ms: number }> {
  const visitor = n % visitors;
  const path = PAGES[n % PAGES.length]!;
  const lang = path.startsWith('/ml') ? 'ml' : path.startsWith('/ar') ? 'ar' : 'en';
  const body = JSON.stringify({ path, lang, device: 'desktop' });
  const started = performance.now();
  return new Promise((done) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path: '/api/pageview',
        method: 'POST',
        agent: agents[visitor],
        headers: {
          'content-type': 'text/plain;charset=UTF-8',
          'content-length': Buffer.byteLength(body),
          'user-agent': userAgent(visitor),
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => done({ status: res.statusCode ?? 0, ms: performance.now() - started }));
      },
    );
    req.on('error', (error: NodeJS.ErrnoException) => {
      failures.set(
        error.code ?? error.message,
        (failures.get(error.code ?? error.message) ?? 0) + 1,
      );
      done({ status: 0, ms: performance.now() - started });
    });
    req.end(body);
  });
}

const total = rate * seconds;
const answers: Promise<{ status: number; ms: number }>[] = [];
const began = performance.now();
// Ten ticks a second, each sending its share, on the schedule's time (not drifting with load).
for (let tick = 0; tick < seconds * 10; tick++) {
  const due = began + tick * 100;
  const wait = due - performance.now();
  if (wait > 0) await new Promise((r) => setTimeout(r, wait));
  for (let i = 0; i < rate / 10; i++) answers.push(send(answers.length));
}
const results = await Promise.all(answers);
const sendSeconds = (performance.now() - began) / 1000;
const accepted = results.filter((r) => r.status === 202).length;
const latencies = results.map((r) => r.ms).sort((a, b) => a - b);
const pct = (p: number) => Math.round(latencies[Math.floor((latencies.length - 1) * p)]!);
console.log(
  `sent ${total} in ${sendSeconds.toFixed(1)} s: ${accepted} × 202, ${total - accepted} errors; ` +
    `latency p50 ${pct(0.5)} ms, p95 ${pct(0.95)} ms, max ${pct(1)} ms`,
);
if (failures.size) console.log('errors:', Object.fromEntries(failures));
const statuses = new Map<number, number>();
for (const { status } of results) statuses.set(status, (statuses.get(status) ?? 0) + 1);
console.log('answers:', Object.fromEntries(statuses));
for (const agent of agents) agent.destroy();

// The server stores after its answers: give its last writes a moment.
await new Promise((r) => setTimeout(r, 5_000));
const stop = await startLocalBlobs(process.cwd(), resolve(values.blobs));
const tomorrow = Date.now() + 86_400_000;
const rollStarted = performance.now();
const report = await withRequestScope(undefined, () => rollUp(tomorrow), 600_000);
const rollMs = performance.now() - rollStarted;
const today = dayOf(Date.now());
const { total: counted } = await withRequestScope(
  undefined,
  () => readInsights({ from: today, to: today }, tomorrow),
  600_000,
);
await stop();
console.log(
  `rollup: ${report.events} events in ${report.buckets} buckets, ${Math.round(rollMs)} ms; ` +
    `stored views ${counted.views} (${counted.views === accepted ? 'equal to' : 'NOT equal to'} ` +
    `the ${accepted} accepted), unique visitors ${counted.visitors} of ${visitors} simulated`,
);
process.exit(counted.views === accepted && counted.visitors === visitors ? 0 : 1);
