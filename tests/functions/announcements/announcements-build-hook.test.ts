/**
 * A change to announcements asks Netlify for a new deploy through ANNOUNCEMENTS_BUILD_HOOK (the
 * home page carries the list in its HTML), against a loopback server standing in for the hook;
 * the call never holds up or fails the admin's write. The public read carries the list's version
 * as its ETag and answers 304 to a page whose built list is current.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import announcementsFn from '../../../functions/announcements.ts';
import type { FunctionContext } from '../../../functions/_lib/http.ts';
import { call, makeToken, useBlobs } from '../helpers.ts';
import { listenOnLoopback } from '../loopback.ts';

useBlobs();

interface HookCall {
  method: string | undefined;
  url: string;
}
const hookCalls: HookCall[] = [];
/** How the stand-in answers: at once with this status, or not until the test releases it. */
let answer: number | 'hold' = 200;
const held: ServerResponse[] = [];
const hook = createServer((req: IncomingMessage, res: ServerResponse) => {
  req.resume();
  req.on('end', () => {
    hookCalls.push({ method: req.method, url: req.url ?? '' });
    if (answer === 'hold') held.push(res);
    else res.writeHead(answer).end();
  });
});
let hookURL = '';

beforeAll(async () => {
  hookURL = `${await listenOnLoopback(hook)}/build_hooks/hook-123`;
});
afterAll(async () => {
  for (const res of held) res.destroy();
  hook.closeAllConnections();
  await new Promise<void>((resolve) => hook.close(() => resolve()));
});

const infos: string[] = [];
const errors: string[] = [];
beforeEach(() => {
  hookCalls.length = 0;
  infos.length = 0;
  errors.length = 0;
  answer = 200;
  vi.stubEnv('ANNOUNCEMENTS_BUILD_HOOK', hookURL);
  // No CDN to purge here: the purge fails fast against a closed loopback port and is logged.
  vi.stubEnv('NETLIFY_API_URL', 'http://127.0.0.1:9');
  vi.spyOn(console, 'info').mockImplementation((...args) => void infos.push(args.join(' ')));
  vi.spyOn(console, 'error').mockImplementation((...args) => void errors.push(args.join(' ')));
});
afterEach(() => {
  vi.restoreAllMocks();
});

/** A production context whose `waitUntil` keeps what it is handed, for the test to await. */
function productionContext(): { context: Partial<FunctionContext>; after: Promise<unknown>[] } {
  const after: Promise<unknown>[] = [];
  return {
    context: { deploy: { context: 'production', id: 'd1' }, waitUntil: (p) => void after.push(p) },
    after,
  };
}

async function createAnnouncement(text: string, context: Partial<FunctionContext>, token: string) {
  return call(announcementsFn, {
    path: '/api/announcements',
    json: { text, link: '' },
    token,
    context,
  });
}

describe('the build hook after a change to announcements', () => {
  it('is called once after each create, edit and delete on production', async () => {
    const token = await makeToken({ scope: 'production' });
    const { context, after } = productionContext();
    const created = await createAnnouncement('Open day', context, token);
    expect(created.status).toBe(201);
    const { _id: id } = (await created.json()) as { _id: string };
    const edited = await call(announcementsFn, {
      method: 'PUT',
      path: `/api/announcements/${id}`,
      params: { id },
      json: { text: 'Open day moved', link: '' },
      token,
      context,
    });
    expect(edited.status).toBe(200);
    const deleted = await call(announcementsFn, {
      method: 'DELETE',
      path: `/api/announcements/${id}`,
      params: { id },
      token,
      context,
    });
    expect(deleted.status).toBe(204);
    await Promise.all(after);

    expect(hookCalls).toHaveLength(3);
    for (const hookCall of hookCalls) {
      expect(hookCall.method).toBe('POST');
      const url = new URL(hookCall.url, 'http://127.0.0.1');
      expect(url.pathname).toBe('/build_hooks/hook-123');
      expect(url.searchParams.get('trigger_title')).toBe('Announcements changed in the admin');
    }
    expect(errors.filter((line) => line.includes('Build hook'))).toEqual([]);
  });

  it('answers the write before the hook answers (after the response, through waitUntil)', async () => {
    answer = 'hold';
    const token = await makeToken({ scope: 'production' });
    const { context, after } = productionContext();
    const created = await createAnnouncement('Held hook', context, token);
    // The hook has not answered, yet the admin has the 201 and the list has the item.
    expect(created.status).toBe(201);
    expect(after).toHaveLength(1);
    await vi.waitFor(() => expect(held).toHaveLength(1));
    const listed = await call(announcementsFn, { path: '/api/announcements' });
    expect(((await listed.json()) as { text: string }[]).map((item) => item.text)).toEqual([
      'Held hook',
    ]);
    held.shift()?.writeHead(200).end();
    await Promise.all(after);
  });

  it('never fails the write when the hook fails: the failure is logged', async () => {
    answer = 500;
    const token = await makeToken({ scope: 'production' });
    const { context, after } = productionContext();
    const created = await createAnnouncement('Failing hook', context, token);
    expect(created.status).toBe(201);
    await Promise.all(after);
    expect(hookCalls).toHaveLength(1);
    expect(
      errors.some((line) => line.includes('Build hook for announcements failed: HTTP 500')),
    ).toBe(true);
  });

  it('without waitUntil, still answers the write when the hook cannot be reached', async () => {
    const dead = createServer();
    const deadURL = await listenOnLoopback(dead);
    await new Promise<void>((resolve) => dead.close(() => resolve()));
    vi.stubEnv('ANNOUNCEMENTS_BUILD_HOOK', `${deadURL}/build_hooks/gone`);
    const token = await makeToken({ scope: 'production' });
    const created = await createAnnouncement(
      'Unreachable hook',
      { deploy: { context: 'production' } },
      token,
    );
    expect(created.status).toBe(201);
    expect(errors.some((line) => line.includes('Build hook for announcements failed'))).toBe(true);
  });

  it('is skipped with one logged line where it is unset, on previews and on local runs', async () => {
    vi.stubEnv('ANNOUNCEMENTS_BUILD_HOOK', '');
    await createAnnouncement(
      'No hook',
      productionContext().context,
      await makeToken({ scope: 'production' }),
    );
    expect(
      infos.filter((line) => line.includes('ANNOUNCEMENTS_BUILD_HOOK is not set')),
    ).toHaveLength(1);

    vi.stubEnv('ANNOUNCEMENTS_BUILD_HOOK', hookURL);
    const preview = { deploy: { context: 'deploy-preview', id: 'p1' } };
    await createAnnouncement('Preview', preview, await makeToken({ scope: 'preview' }));
    await createAnnouncement('Local', { deploy: { context: 'dev' } }, await makeToken());
    expect(infos.filter((line) => line.includes('a preview run is not rebuilt'))).toHaveLength(1);
    expect(infos.filter((line) => line.includes('a local run is not rebuilt'))).toHaveLength(1);
    expect(hookCalls).toEqual([]);
  });
});

describe("the public list's version", () => {
  it('is the ETag, and a request naming it gets 304 until the list changes', async () => {
    const first = await call(announcementsFn, { path: '/api/announcements' });
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^"[\w-]{22}"$/);

    for (const named of [etag!, `W/${etag!}`, `"other", ${etag!}`]) {
      const again = await call(announcementsFn, {
        path: '/api/announcements',
        headers: { 'if-none-match': named },
      });
      expect(again.status).toBe(304);
      expect(await again.text()).toBe('');
      expect(again.headers.get('etag')).toBe(etag);
      expect(again.headers.get('netlify-cache-tag')).toBe('announcements');
    }

    await createAnnouncement('New notice', { deploy: { context: 'dev' } }, await makeToken());
    const changed = await call(announcementsFn, {
      path: '/api/announcements',
      headers: { 'if-none-match': etag! },
    });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
    expect(((await changed.json()) as { text: string }[]).map((item) => item.text)).toEqual([
      'New notice',
    ]);
  });

  it('changes with an edit of the text or the link, not with a read', async () => {
    const token = await makeToken();
    const local = { deploy: { context: 'dev' } };
    const created = await createAnnouncement('Notice', local, token);
    const { _id: id } = (await created.json()) as { _id: string };
    const etagNow = async () =>
      (await call(announcementsFn, { path: '/api/announcements' })).headers.get('etag');
    const before = await etagNow();
    expect(await etagNow()).toBe(before);
    const seen = new Set([before]);
    for (const json of [
      { text: 'Notice', link: '/about' },
      { text: 'Notice!', link: '/about' },
    ]) {
      await call(announcementsFn, {
        method: 'PUT',
        path: `/api/announcements/${id}`,
        params: { id },
        json,
        token,
        context: local,
      });
      const now = await etagNow();
      expect(seen.has(now)).toBe(false);
      seen.add(now);
    }
  });
});
