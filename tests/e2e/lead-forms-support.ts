/** What the tests of the two public forms (the contact form and the enquiry wizard) share. */
import type { APIRequestContext, Page, Route } from '@playwright/test';
import type { HeldSubmission } from '../../src/lib/held/index.ts';
import { adminToken } from './support';

/** An Idempotency-Key as the forms make them: a random UUID. */
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The Idempotency-Key of each POST to `path` the page makes; `answer` decides its fate. */
export async function recordPosts(
  page: Page,
  path: '/api/contact' | '/api/enquiries',
  answer: (route: Route, index: number) => Promise<void>,
): Promise<(string | null)[]> {
  const keys: (string | null)[] = [];
  await page.route(`**${path}`, async (route) => {
    if (route.request().method() !== 'POST') return route.continue();
    keys.push(await route.request().headerValue('idempotency-key'));
    return answer(route, keys.length - 1);
  });
  return keys;
}

/**
 * The records of an admin list (its newest 100) that `match` picks, read through the admin API;
 * `remove` deletes them, so a test leaves nothing behind.
 */
export async function storedLeads<T extends { _id: string }>(
  request: APIRequestContext,
  list: '/api/contact-messages' | '/api/enquiries',
  match: (record: T) => boolean,
): Promise<{ found: T[]; remove: () => Promise<void> }> {
  const headers = { Authorization: `Bearer ${await adminToken(request)}` };
  const response = await request.get(`${list}?pageSize=100`, { headers });
  const found = ((await response.json()) as T[]).filter(match);
  const remove = async () => {
    for (const record of found) await request.delete(`${list}/${record._id}`, { headers });
  };
  return { found, remove };
}

/**
 * The held submissions (GET /api/held, newest first) that `match`, and a way to delete them: what
 * a form sent without JavaScript (no proof of work) becomes.
 */
export async function heldSubmissions(
  request: APIRequestContext,
  match: (held: HeldSubmission) => boolean,
): Promise<{ found: HeldSubmission[]; remove: () => Promise<void> }> {
  const headers = { Authorization: `Bearer ${await adminToken(request)}` };
  const response = await request.get('/api/held?pageSize=100', { headers });
  const found = ((await response.json()) as HeldSubmission[]).filter(match);
  const remove = async () => {
    for (const { _id } of found) {
      await request.post(`/api/held/${_id}`, { headers, data: { action: 'delete' } });
    }
  };
  return { found, remove };
}
