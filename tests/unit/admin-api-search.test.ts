import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ApiError,
  eraseRecords,
  listContactMessages,
  listEnquiries,
  previewErasure,
} from '../../src/admin/api/client';

/** The requests the client made, and the answer each gets. */
let requests: { url: string; init: RequestInit }[] = [];
let answer: () => Response;

beforeEach(() => {
  requests = [];
  // A stored admin token: every call sends it.
  vi.stubGlobal('localStorage', { getItem: () => 'token', setItem() {}, removeItem() {} });
  vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
    requests.push({ url, init });
    return Promise.resolve(answer());
  });
});
afterEach(() => vi.unstubAllGlobals());

const list = (headers: Record<string, string>) => () =>
  new Response(JSON.stringify([{ _id: 'a' }]), { status: 200, headers });

describe('list calls with a search', () => {
  it('send q and the filters with the page, and read both counts', async () => {
    answer = list({ 'X-Total-Count': '7', 'X-New-Count': '3' });
    const page = await listEnquiries(
      { q: 'José Kochi', filters: { status: 'New', timeline: '1-3 months' } },
      2,
    );
    expect(page).toEqual({
      items: [{ _id: 'a' }],
      total: 7,
      newCount: 3,
      pending: 0,
      quarantined: [],
    });
    const url = new URL(requests[0]?.url ?? '', 'http://x');
    expect(url.pathname).toBe('/api/enquiries');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      q: 'José Kochi',
      status: 'New',
      timeline: '1-3 months',
      page: '2',
      pageSize: '10',
    });
  });

  it('read what the answer could not cover: X-Index-Pending and X-Quarantined', async () => {
    answer = list({ 'X-Total-Count': '9', 'X-Index-Pending': '4', 'X-Quarantined': 'A,B' });
    const page = await listEnquiries({ q: '', filters: {} }, 1);
    expect(page).toMatchObject({ total: 9, pending: 4, quarantined: ['A', 'B'] });
  });

  it('say newCount null when the server sends no X-New-Count (or no number)', async () => {
    answer = list({ 'X-Total-Count': '1' });
    expect((await listContactMessages({ q: '', filters: {} }, 1)).newCount).toBeNull();
    answer = list({ 'X-Total-Count': '1', 'X-New-Count': 'lots' });
    expect((await listContactMessages({ q: '', filters: {} }, 1)).newCount).toBeNull();
    expect(requests[0]?.url).toBe('/api/contact-messages?page=1&pageSize=10');
  });

  it('pass on a 400’s own message (a refused search); other failures keep SPEC’s text', async () => {
    answer = () => Response.json({ error: 'Search: too long.' }, { status: 400 });
    await expect(listEnquiries({ q: 'x', filters: {} }, 1)).rejects.toMatchObject({
      message: 'Search: too long.',
      status: 400,
    });
    answer = () => Response.json({ error: 'Internal error.' }, { status: 500 });
    await expect(listEnquiries({ q: 'x', filters: {} }, 1)).rejects.toMatchObject({
      message: 'Failed to load enquiries. HTTP error! status: 500',
    });
  });
});

describe('erasure calls', () => {
  it('preview by address, then delete the previewed ids', async () => {
    answer = () => Response.json({ enquiries: 2, messages: 1, ids: ['a', 'b', 'c'] });
    expect(await previewErasure('asha+x@example.in')).toEqual({
      enquiries: 2,
      messages: 1,
      ids: ['a', 'b', 'c'],
    });
    expect(requests[0]?.url).toBe('/api/erasure?email=asha%2Bx%40example.in');

    answer = () => Response.json({ deleted: 3 });
    expect(await eraseRecords('asha@example.in', ['a', 'b', 'c'])).toEqual({ deleted: 3 });
    expect(requests[1]?.init.method).toBe('POST');
    expect(JSON.parse(String(requests[1]?.init.body))).toEqual({
      email: 'asha@example.in',
      ids: ['a', 'b', 'c'],
    });
  });

  it('a 409 is the server’s own words; a 400 carries the field messages', async () => {
    const conflict =
      '1 record of this address arrived after the preview. Review them and confirm again; ' +
      'nothing was deleted.';
    answer = () => Response.json({ error: conflict }, { status: 409 });
    await expect(eraseRecords('asha@example.in', ['a'])).rejects.toMatchObject({
      message: conflict,
      status: 409,
    });
    answer = () =>
      Response.json(
        { error: 'Some fields are invalid.', fields: { email: 'Enter a valid e-mail.' } },
        { status: 400 },
      );
    const failure = await previewErasure('nope').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).fields).toEqual({ email: 'Enter a valid e-mail.' });
  });
});
