import { describe, expect, it } from 'vitest';
import { useStubbedApi } from './support/stubbed-api.ts';
import { ApiError } from '../../src/admin/api/client';
import { eraseRecords, previewErasure } from '../../src/admin/api/security';
import { listContactMessages, listEnquiries } from '../../src/admin/api/leads';

const api = useStubbedApi();

const list = (headers: Record<string, string>) => () =>
  new Response(JSON.stringify([{ _id: 'a' }]), { status: 200, headers });

describe('list calls with a search', () => {
  it('send q and the filters with the page, and read the counts', async () => {
    api.answer = list({ 'X-Total-Count': '7', 'X-New-Count': '3', 'X-Waiting-Count': '1' });
    const page = await listEnquiries(
      { q: 'José Kochi', filters: { status: 'New', timeline: '1-3 months' } },
      2,
    );
    expect(page).toEqual({
      items: [{ _id: 'a' }],
      total: 7,
      newCount: 3,
      waitingCount: 1,
      pending: 0,
      quarantined: [],
    });
    const url = new URL(api.requests[0]?.url ?? '', 'http://x');
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
    api.answer = list({ 'X-Total-Count': '9', 'X-Index-Pending': '4', 'X-Quarantined': 'A,B' });
    const page = await listEnquiries({ q: '', filters: {} }, 1);
    expect(page).toMatchObject({ total: 9, pending: 4, quarantined: ['A', 'B'] });
  });

  it('say a count is null when the server does not send it (or sends no number)', async () => {
    api.answer = list({ 'X-Total-Count': '1' });
    expect(await listContactMessages({ q: '', filters: {} }, 1)).toMatchObject({
      newCount: null,
      waitingCount: null,
    });
    api.answer = list({ 'X-Total-Count': '1', 'X-New-Count': 'lots', 'X-Waiting-Count': '-2' });
    expect(await listContactMessages({ q: '', filters: {} }, 1)).toMatchObject({
      newCount: null,
      waitingCount: null,
    });
    expect(api.requests[0]?.url).toBe('/api/contact-messages?page=1&pageSize=10');
  });

  it('pass on a 400’s own message (a refused search); other failures keep SPEC’s text', async () => {
    api.answer = () => Response.json({ error: 'Search: too long.' }, { status: 400 });
    await expect(listEnquiries({ q: 'x', filters: {} }, 1)).rejects.toMatchObject({
      message: 'Search: too long.',
      status: 400,
    });
    api.answer = () => Response.json({ error: 'Internal error.' }, { status: 500 });
    await expect(listEnquiries({ q: 'x', filters: {} }, 1)).rejects.toMatchObject({
      message: 'Failed to load enquiries. HTTP error! status: 500',
    });
  });
});

describe('erasure calls', () => {
  it('preview by address, then delete the previewed ids', async () => {
    api.answer = () => Response.json({ enquiries: 2, messages: 1, ids: ['a', 'b', 'c'] });
    expect(await previewErasure('asha+x@example.in')).toEqual({
      enquiries: 2,
      messages: 1,
      ids: ['a', 'b', 'c'],
    });
    expect(api.requests[0]?.url).toBe('/api/erasure?email=asha%2Bx%40example.in');

    api.answer = () => Response.json({ deleted: 3 });
    expect(await eraseRecords('asha@example.in', ['a', 'b', 'c'])).toEqual({ deleted: 3 });
    expect(api.requests[1]?.init.method).toBe('POST');
    expect(JSON.parse(String(api.requests[1]?.init.body))).toEqual({
      email: 'asha@example.in',
      ids: ['a', 'b', 'c'],
    });
  });

  it('a 409 is the server’s own words; a 400 carries the field messages', async () => {
    const conflict =
      '1 record of this address arrived after the preview. Review them and confirm again; ' +
      'nothing was deleted.';
    api.answer = () => Response.json({ error: conflict }, { status: 409 });
    await expect(eraseRecords('asha@example.in', ['a'])).rejects.toMatchObject({
      message: conflict,
      status: 409,
    });
    api.answer = () =>
      Response.json(
        { error: 'Some fields are invalid.', fields: { email: 'Enter a valid e-mail.' } },
        { status: 400 },
      );
    const failure = await previewErasure('nope').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).fields).toEqual({ email: 'Enter a valid e-mail.' });
  });
});
