/**
 * Scripted bots against a running local server (issue 38's measure): how many of each bot's
 * submissions became leads (the goal is none), how many were held and how many refused.
 *
 * - filler: posts every field of the contact form, the honeypot included, without a challenge;
 * - replay: solves one challenge and sends it 20 times at once;
 * - browser: headless Chromium fills the visible fields and sends 300 ms after load;
 * - flood: 50 addresses each solve a challenge and send the same message, then five more.
 *
 * Each bot has its own loopback addresses (127.x.y.z, which the local server takes as the client's
 * address). The server must run with its fill-time rule on (no SPAM_FILL_TIME):
 *
 *   PORT=4415 BLOBS_DIR=/tmp/bots-blobs npm run serve     (a fresh folder, after `npm run build`)
 *   node scripts/spam-bots.ts --port 4415 --blobs /tmp/bots-blobs
 */
import { Agent, request } from 'node:http';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import { withRequestScope } from '../functions/_lib/repositories/store.ts';
import { encodeProof, solve, type ProofChallenge } from '../src/lib/proof/solver.ts';
import { liveIds } from '../tests/functions/store-inspection.ts';
import { chromiumLaunchOptions, DEBIAN_CHROMIUM } from './chromium.ts';
import { startLocalBlobs } from './local-blobs.ts';

const { values } = parseArgs({
  options: { port: { type: 'string', default: '4415' }, blobs: { type: 'string' } },
});
const port = Number(values.port);
if (values.blobs === undefined) throw new Error('--blobs: the running server’s BLOBS_DIR');
const blobsDir = resolve(values.blobs);

interface Answer {
  status: number;
  body: string;
}

/** An HTTP call from the loopback address `from`. */
function call(from: string, method: string, path: string, body?: unknown): Promise<Answer> {
  const agent = new Agent({ localAddress: from });
  const data = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((done, fail) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        agent,
        headers: data === undefined ? {} : { 'content-type': 'application/json' },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => done({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.on('error', fail);
    req.end(data);
  });
}

/** A solved proof of the server's own challenge, fetched from `from`. */
async function solvedProof(from: string): Promise<string | undefined> {
  const answer = await call(from, 'GET', '/api/challenge');
  if (answer.status !== 200) return undefined;
  const challenge = JSON.parse(answer.body) as ProofChallenge;
  const solution = await solve(challenge);
  return solution === undefined ? undefined : encodeProof(challenge, solution);
}

const message = (n: number) => ({
  name: `Daniel Brooks ${n}`,
  email: `daniel.brooks${n}@mail.example`,
  message:
    'We offer high quality backlinks and guest posts to boost your SEO ranking. Reply for prices.',
  lang: 'en',
});

async function counts(): Promise<{ leads: number; held: number }> {
  const stop = await startLocalBlobs(process.cwd(), blobsDir);
  try {
    return await withRequestScope(undefined, async () => ({
      leads: (await liveIds('contact-messages')).length,
      held: (await liveIds('held')).length,
    }));
  } finally {
    await stop();
  }
}

const tally = (answers: readonly Answer[]) => {
  const byStatus: Record<string, number> = {};
  for (const { status } of answers) byStatus[status] = (byStatus[status] ?? 0) + 1;
  return byStatus;
};

async function filler(): Promise<Answer[]> {
  return Promise.all(
    Array.from({ length: 50 }, (_, n) =>
      call(`127.88.1.${n + 1}`, 'POST', '/api/contact', {
        ...message(n),
        website: 'https://seo-links.example',
      }),
    ),
  );
}

async function replay(): Promise<Answer[]> {
  const altcha = await solvedProof('127.88.2.1');
  return Promise.all(
    Array.from({ length: 20 }, (_, n) =>
      call(`127.88.2.${n + 2}`, 'POST', '/api/contact', {
        ...message(100 + n),
        message: `Hello, I would like a quote for a 10 kW rooftop system, please (${n}).`,
        altcha,
      }),
    ),
  );
}

async function browser(): Promise<Answer[]> {
  const launched = await chromium.launch(chromiumLaunchOptions(DEBIAN_CHROMIUM));
  const answers: Answer[] = [];
  try {
    for (let n = 0; n < 10; n++) {
      const page = await launched.newPage();
      await page.goto(`http://127.0.0.1:${port}/about/`);
      const started = Date.now();
      const form = page.locator('#contact-form form');
      // Only what a person sees: the honeypot stays empty.
      await form.locator('input[name="name"]').fill(`Headless ${n}`);
      await form.locator('input[name="email"]').fill(`headless${n}@mail.example`);
      await form
        .locator('textarea[name="message"]')
        .fill('Cheap loans and crypto offers, reply now.');
      await page.waitForTimeout(Math.max(0, 300 - (Date.now() - started)));
      const sent = page.waitForResponse(
        (response) => new URL(response.url()).pathname === '/api/contact',
        { timeout: 30_000 },
      );
      await form.locator('button[type="submit"]').click();
      const response = await sent;
      // A post sent before the form's script took it over is a plain one: a 303 and a new page.
      answers.push({ status: response.status(), body: await response.text().catch(() => '') });
      await page.close();
    }
  } finally {
    await launched.close();
  }
  return answers;
}

async function flood(): Promise<Answer[]> {
  const senders = Array.from({ length: 50 }, (_, n) => `127.88.${10 + (n >> 6)}.${(n & 63) + 1}`);
  const answers = await Promise.all(
    senders.map(async (from, n) =>
      call(from, 'POST', '/api/contact', { ...message(200 + n), altcha: await solvedProof(from) }),
    ),
  );
  for (let round = 0; round < 5; round++) {
    answers.push(
      ...(await Promise.all(
        senders.map((from, n) => call(from, 'POST', '/api/contact', message(300 + n * 5 + round))),
      )),
    );
  }
  return answers;
}

/** BOTS=filler,replay runs only those. */
const only = process.env['BOTS']?.split(',');
const bots = Object.fromEntries(
  Object.entries({ filler, replay, browser, flood }).filter(
    ([name]) => !only || only.includes(name),
  ),
);
const rows: string[] = [];
for (const [name, bot] of Object.entries(bots)) {
  const before = await counts();
  const answers = await bot();
  const after = await counts();
  const leads = after.leads - before.leads;
  const held = after.held - before.held;
  rows.push(
    `${name.padEnd(8)} sent ${String(answers.length).padStart(3)}  answers ${JSON.stringify(tally(answers))}  ` +
      `leads ${leads} (${((100 * leads) / answers.length).toFixed(0)} %)  held ${held}`,
  );
  console.log(rows.at(-1));
}
