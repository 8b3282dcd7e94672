/**
 * The daily careers rebuild (functions/careers-rebuild.ts) asks Netlify for a new production
 * deploy through CAREERS_BUILD_HOOK, against a loopback server standing in for the hook; unset,
 * or anywhere but production, it logs one line and calls nothing.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import careersRebuild, { config } from '../../../functions/careers-rebuild.ts';
import { intervalOf } from '../../../scripts/local-schedule.ts';
import { deadPort, listenOnLoopback } from '../loopback.ts';

const calls: { method: string | undefined; url: string }[] = [];
let status = 200;
const hook = createServer((req: IncomingMessage, res: ServerResponse) => {
  req.resume();
  req.on('end', () => {
    calls.push({ method: req.method, url: req.url ?? '' });
    res.writeHead(status).end();
  });
});
let hookURL = '';

beforeAll(async () => {
  hookURL = `${await listenOnLoopback(hook)}/build_hooks/careers-1`;
});
afterAll(async () => {
  hook.closeAllConnections();
  await new Promise<void>((resolve) => hook.close(() => resolve()));
});

const infos: string[] = [];
const errors: string[] = [];
beforeEach(() => {
  calls.length = 0;
  infos.length = 0;
  errors.length = 0;
  status = 200;
  vi.stubEnv('CAREERS_BUILD_HOOK', hookURL);
  vi.spyOn(console, 'info').mockImplementation((...args) => void infos.push(args.join(' ')));
  vi.spyOn(console, 'error').mockImplementation((...args) => void errors.push(args.join(' ')));
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
});

const run = (context: string) =>
  careersRebuild(new Request('http://localhost/.netlify/functions/careers-rebuild'), {
    deploy: { context, id: 'd1' } as never,
  });

describe('the daily careers rebuild', () => {
  it('runs once a day, just after midnight in Kochi, locally too', () => {
    expect(config.schedule).toBe('35 18 * * *');
    expect(intervalOf(config.schedule as string)).toBe(86_400_000);
  });

  it('POSTs to the build hook once on production, with a title for the deploy list', async () => {
    const response = await run('production');
    expect(response.status).toBe(204);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.method).toBe('POST');
    const url = new URL(calls[0]?.url ?? '', 'http://x');
    expect(url.pathname).toBe('/build_hooks/careers-1');
    expect(url.searchParams.get('trigger_title')).toMatch(/openings/i);
    expect(errors).toEqual([]);
  });

  it('logs one line and calls nothing when the variable is unset', async () => {
    vi.stubEnv('CAREERS_BUILD_HOOK', '');
    expect((await run('production')).status).toBe(204);
    expect(calls).toEqual([]);
    expect(infos).toEqual([expect.stringContaining('CAREERS_BUILD_HOOK is not set')]);
  });

  it('never rebuilds a preview, a branch deploy or a local run', async () => {
    for (const context of ['deploy-preview', 'branch-deploy', 'dev']) await run(context);
    expect(calls).toEqual([]);
    expect(infos).toHaveLength(3);
    expect(infos.every((line) => line.includes('no daily rebuild requested'))).toBe(true);
  });

  it('answers 502 and logs the failure when the hook refuses or cannot be reached', async () => {
    status = 404;
    expect((await run('production')).status).toBe(502);
    vi.stubEnv('CAREERS_BUILD_HOOK', `http://127.0.0.1:${await deadPort()}/build_hooks/gone`);
    expect((await run('production')).status).toBe(502);
    expect(errors).toHaveLength(2);
    expect(errors[0]).toMatch(/Build hook for the careers pages failed: HTTP 404/);
  });
});
