/**
 * HEAD is answered wherever GET is: the same status and headers as GET, errors included, and no
 * body (functions/_lib/http.ts `dispatch`).
 */
import { describe, expect, it } from 'vitest';
import announcementsFn from '../../../functions/announcements.ts';
import contactFn from '../../../functions/contact.ts';
import enquiriesCsvFn from '../../../functions/enquiries-csv.ts';
import enquiriesFn from '../../../functions/enquiries.ts';
import healthFn from '../../../functions/health.ts';
import {
  call,
  makeToken,
  recordMethodNotAllowed,
  useBlobs,
  type CallOptions,
  type FunctionHandler,
} from '../helpers.ts';
import { validEnquiry } from '../samples.ts';
import { writes } from '../store-inspection.ts';

const blobs = useBlobs();

/** GET and HEAD of the same request; HEAD must match GET but for the body. */
async function getAndHead(handler: FunctionHandler, options: CallOptions) {
  const get = await call(handler, { ...options, method: 'GET' });
  const getBody = new Uint8Array(await get.arrayBuffer());
  const head = await call(handler, { ...options, method: 'HEAD' });
  const headBody = new Uint8Array(await head.arrayBuffer());
  expect(head.status).toBe(get.status);
  expect(headBody.byteLength).toBe(0);
  const headers = (res: Response) =>
    Object.fromEntries([...res.headers].filter(([name]) => name !== 'content-length'));
  expect(headers(head)).toEqual(headers(get));
  expect(head.headers.get('content-length')).toBe(String(getBody.byteLength));
  return head;
}

describe('HEAD', () => {
  it('answers /api/announcements as GET does, without the list', async () => {
    const token = await makeToken();
    await call(announcementsFn, { path: '/api/announcements', json: { text: 'Hi' }, token });
    const head = await getAndHead(announcementsFn, { path: '/api/announcements' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toMatch(/^application\/json/);
  });

  it('answers /api/health with 200', async () => {
    expect((await getAndHead(healthFn, { path: '/api/health' })).status).toBe(200);
  });

  it('answers the admin list with 401 without a token and 200 with one', async () => {
    await call(enquiriesFn, { path: '/api/enquiries', json: validEnquiry() });
    expect((await getAndHead(enquiriesFn, { path: '/api/enquiries' })).status).toBe(401);
    const head = await getAndHead(enquiriesFn, {
      path: '/api/enquiries',
      token: await makeToken(),
    });
    expect(head.status).toBe(200);
    expect(head.headers.get('x-total-count')).toBe('1');
  });

  it('answers /api/enquiries.csv with 401 without a token and the CSV headers with one', async () => {
    expect((await getAndHead(enquiriesCsvFn, { path: '/api/enquiries.csv' })).status).toBe(401);
    const head = await getAndHead(enquiriesCsvFn, {
      path: '/api/enquiries.csv',
      token: await makeToken(),
    });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(head.headers.get('content-disposition')).toMatch(/^attachment;/);
  });

  it('answers 405 without a body where there is no GET, and Allow lists HEAD beside GET', async () => {
    const contact = await call(contactFn, { method: 'HEAD', path: '/api/contact' });
    expect(contact.status).toBe(405);
    expect(contact.headers.get('allow')).toBe('POST');
    expect(await contact.text()).toBe('');
    expect(await recordMethodNotAllowed(announcementsFn, 'HEAD', 'announcements')).toBe(
      'PUT, DELETE',
    );
    const post = await call(enquiriesFn, { method: 'PUT', path: '/api/enquiries' });
    expect(post.headers.get('allow')).toBe('GET, HEAD, POST');
  });

  it('never writes', async () => {
    blobs.resetOps();
    await call(enquiriesFn, { method: 'HEAD', path: '/api/enquiries', token: await makeToken() });
    await call(announcementsFn, { method: 'HEAD', path: '/api/announcements' });
    expect(writes(blobs.ops)).toBe(0);
  });
});
