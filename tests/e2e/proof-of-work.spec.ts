/**
 * The forms' proof of work in Chromium, under the site's CSP: nothing of it loads before the
 * visitor's first focus in the form; that focus fetches a challenge and starts the worker, which
 * solves it before the message is typed; the stored lead is then `verified`. Without a solution
 * (the challenge cannot be fetched; a plain form post) the message is still sent, and held for
 * review as `unverified` (never lost).
 */
import {
  expect,
  test,
  type APIRequestContext,
  type Locator,
  type Page,
  type Worker,
} from '@playwright/test';
import { heldSubmissions, storedLeads } from './lead-forms-support';

interface Message {
  _id: string;
  message: string;
  verification?: string;
}

/** The page's challenge requests, workers and CSP complaints, from now on. */
function watch(page: Page) {
  const seen = { challenges: 0, workers: [] as Worker[], closed: 0, csp: [] as string[] };
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/challenge') seen.challenges++;
  });
  page.on('worker', (worker) => {
    seen.workers.push(worker);
    worker.on('close', () => seen.closed++);
  });
  page.on('console', (message) => {
    if (/content security policy/i.test(message.text())) seen.csp.push(message.text());
  });
  return seen;
}

const marker = (what: string) => `E2E proof ${what} ${Date.now()} ${test.info().project.name}`;

async function openContactForm(page: Page): Promise<Locator> {
  await page.goto('/privacy-policy#contact-form');
  const form = page.locator('#contact-form form');
  await expect(form).toHaveAttribute('novalidate', '');
  return form;
}

/** Types a message whose text is `text`, sends it and waits for the confirmation. */
async function sendMessage(form: Locator, text: string): Promise<void> {
  await form.getByLabel('Email').fill('visitor@example.org');
  await form.getByLabel('Name').fill('Asha Menon');
  await form.getByLabel('Message').fill(text);
  await form.getByRole('button', { name: 'Send message' }).click();
  await expect(form.getByText('Message sent successfully!')).toBeVisible();
}

/** The `verification` of each stored message whose text is `text`, which are then deleted. */
async function verificationsOf(request: APIRequestContext, text: string) {
  const sent = await storedLeads<Message>(
    request,
    '/api/contact-messages',
    (m) => m.message === text,
  );
  await sent.remove();
  return sent.found.map((m) => m.verification);
}

/** The held submissions whose message is `text` (removed): their verification and reasons. */
async function heldAs(request: APIRequestContext, text: string) {
  const held = await heldSubmissions(request, ({ fields }) => fields['message'] === text);
  await held.remove();
  return held.found.map(({ verification, reasons }) => [verification, reasons.map((r) => r.rule)]);
}

test('the first focus starts the worker, it solves, and the lead is stored verified', async ({
  page,
  request,
}) => {
  const seen = watch(page);
  const form = await openContactForm(page);
  await page.mouse.wheel(0, 400);
  // Loaded, scrolled, idle: no challenge asked for, no worker started.
  await page.waitForTimeout(1_000);
  expect(seen.challenges).toBe(0);
  expect(seen.workers).toHaveLength(0);

  await form.getByLabel('Email').focus();
  await expect.poll(() => seen.workers.length, { timeout: 15_000 }).toBe(1);
  expect(seen.challenges).toBe(1);
  // The worker ends itself once it has solved the challenge.
  await expect.poll(() => seen.closed, { timeout: 15_000 }).toBe(1);

  const text = marker('verified');
  await sendMessage(form, text);
  expect(await verificationsOf(request, text)).toEqual(['verified']);
  expect(seen.csp).toEqual([]);
});

test('a challenge that cannot be fetched does not stop the send: held unverified, not lost', async ({
  page,
  request,
}) => {
  await page.route('**/api/challenge', (route) => route.abort());
  const form = await openContactForm(page);
  const text = marker('no challenge');
  await sendMessage(form, text);
  expect(await heldAs(request, text)).toEqual([['unverified', ['unverified']]]);
});

test('a plain form post (no JavaScript) is accepted and held unverified, not lost', async ({
  request,
}) => {
  const text = marker('plain post');
  const response = await request.post('/api/contact', {
    form: { email: 'visitor@example.org', name: 'Ravi', message: text, lang: 'en' },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(303);
  expect(response.headers()['location']).toContain('/thank-you/');
  expect(await heldAs(request, text)).toEqual([['unverified', ['unverified']]]);
});

test('the enquiry wizard starts its worker on the first focus only', async ({ page }) => {
  const seen = watch(page);
  await page.goto('/renewable-energy#enquiry');
  const wizard = page.locator('form#enquiry-form');
  await expect(wizard).toHaveAttribute('data-hydrated', '');
  await page.waitForTimeout(1_000);
  expect(seen.challenges).toBe(0);
  expect(seen.workers).toHaveLength(0);
  await wizard.locator('input:visible, select:visible').first().focus();
  await expect.poll(() => seen.workers.length, { timeout: 15_000 }).toBe(1);
  await expect.poll(() => seen.closed, { timeout: 15_000 }).toBe(1);
  expect(seen.challenges).toBe(1);
  expect(seen.csp).toEqual([]);
});
