import {
  expect as baseExpect,
  test as base,
  type APIRequestContext,
  type Dialog,
  type Locator,
  type Page,
} from '@playwright/test';
import { sampleEnquiry } from '../../scripts/bench-kit.ts';
import { type HeldPasskey, VirtualAuthenticator, signCountOf } from './passkey-support';
import { adminToken } from './support';
import { SoftPasskey } from '../support/soft-authenticator.ts';
import { testProof } from '../support/proof.ts';
import { roomOf, type RoomSlug } from '../../src/admin/rooms/index.ts';
import { roomAt } from '../../src/admin/frame/room-navigation.ts';

/** The admin tests' `expect`: the local functions share two cores with parallel builds. */
export const expect = baseExpect.configure({ timeout: 15_000 });

export const credentials = {
  username: process.env['E2E_ADMIN_USERNAME'] ?? '',
  password: process.env['E2E_ADMIN_PASSWORD'] ?? '',
};

/** Text no other test (or the other project running this one) can have written. */
export const unique = (label: string) =>
  `E2E admin ${label} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;

/** Waits until the page's islands have hydrated, so a click reaches React, not the bare form. */
export async function hydrated(page: Page): Promise<void> {
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
}

let workerPasskey: Promise<HeldPasskey> | undefined;

/**
 * This worker's own passkey for browser sign-ins, added once through the API as a spare: each
 * worker's counter then grows on its own, and the server refuses one that does not.
 */
function browserPasskey(request: APIRequestContext): Promise<HeldPasskey> {
  workerPasskey ??= (async () => {
    const headers = { Authorization: `Bearer ${await sharedAdminToken(request)}` };
    const started = await request.post('/api/passkeys/options', { headers });
    expect(started.status(), await started.text()).toBe(200);
    const { ticket, options } = (await started.json()) as {
      ticket: string;
      options: { challenge: string; rp: { id: string } };
    };
    const passkey = new SoftPasskey();
    const origin = new URL(started.url()).origin;
    const response = passkey.create(options, { origin });
    const name = `E2E worker ${test.info().parallelIndex}`;
    const added = await request.post('/api/passkeys', {
      headers,
      data: { ticket, response, name },
    });
    expect(added.status(), await added.text()).toBe(201);
    const { credentialId, privateKey, signCount } = passkey;
    return { credentialId, privateKey, signCount, rpId: options.rp.id };
  })().catch((error: unknown) => {
    workerPasskey = undefined;
    throw error;
  });
  return workerPasskey;
}

const authenticators = new WeakMap<Page, VirtualAuthenticator>();

/**
 * Sends the login form of the page (once hydrated) with this run's admin credentials; the
 * page's virtual authenticator answers the passkey step, which starts by itself. Resolves once
 * the passkey step has answered; its counter is kept for the worker's next sign-in.
 */
export async function submitLogin(page: Page): Promise<void> {
  const passkey = await browserPasskey(page.request);
  // A fresh authenticator at the worker's latest counter (another page may have signed in since).
  await authenticators.get(page)?.remove();
  authenticators.set(page, await VirtualAuthenticator.on(page, [passkey]));
  await hydrated(page);
  await page.getByLabel('Username').fill(credentials.username);
  await page.getByLabel('Password').fill(credentials.password);
  const signedIn = page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/api/login/passkey',
  );
  await page.getByRole('button', { name: 'Login' }).click();
  const answer = await signedIn;
  const body = answer.request().postDataJSON() as Parameters<typeof signCountOf>[0];
  passkey.signCount = Math.max(passkey.signCount, signCountOf(body));
}

/**
 * Logs in on the login page shown, arriving in the admin room it returns to (the dashboard, or the
 * room of `?from=`) with every list loaded.
 */
async function logInHere(page: Page): Promise<void> {
  await submitLogin(page);
  await page.waitForURL((url) => url.pathname !== '/login');
  const room = roomAt(new URL(page.url()).pathname);
  if (room) await expect(page.getByRole('heading', { level: 1, name: room.title })).toBeVisible();
  await settled(page);
}

/** Logs in through the login form, arriving on the dashboard (or `from`) with its lists loaded. */
export async function logIn(page: Page, from?: string): Promise<void> {
  await page.goto(from === undefined ? '/login' : `/login?from=${encodeURIComponent(from)}`);
  await logInHere(page);
}

/**
 * Goes to another admin room as the office does, through the admin's navigation (behind the Menu
 * button on phones), without leaving the page: resolves once the room's address and h1 show and
 * its lists have loaded.
 */
export async function openRoom(page: Page, slug: RoomSlug): Promise<void> {
  const room = roomOf(slug);
  const menu = page.getByRole('button', { name: 'Menu' });
  if ((await menu.isVisible()) && (await menu.getAttribute('aria-expanded')) !== 'true')
    await menu.click();
  await page
    .getByRole('navigation', { name: 'Admin' })
    .getByRole('link', { name: new RegExp(`^${room.label}(,|$)`) })
    .click();
  await expect(page).toHaveURL((url) => url.pathname === room.path);
  await expect(page.getByRole('heading', { level: 1, name: room.title })).toBeVisible();
  await settled(page);
}

/** Nothing in the room is still loading: no list, no settings, no sessions. */
export async function settled(page: Page): Promise<void> {
  await expect(page.getByText(/^Loading [a-z ]+(\.\.\.|…)$/)).toHaveCount(0);
}

/** Accepts every confirm and alert, recording their messages in order. */
export function acceptDialogs(page: Page): string[] {
  const messages: string[] = [];
  page.on('dialog', (dialog: Dialog) => {
    messages.push(dialog.message());
    void dialog.accept();
  });
  return messages;
}

/** A valid enquiry body: an individual who uses no renewable energy. */
export function enquiryBody(fullName: string, overrides: Record<string, unknown> = {}) {
  return sampleEnquiry({ fullName, emailAddress: 'e2e.enquirer@example.com', ...overrides });
}

const ADMIN_PATHS = { '/api/enquiries': '/api/enquiries', '/api/contact': '/api/contact-messages' };

/** Creates records through the public API; `cleanup` deletes whatever is left with the admin token. */
export class Seeder {
  private readonly created: string[] = [];
  private readonly request: APIRequestContext;

  constructor(request: APIRequestContext) {
    this.request = request;
  }

  /** Posts as the form would, with a solved proof of work (a post without one is held). */
  async post(path: keyof typeof ADMIN_PATHS, data: Record<string, unknown>): Promise<string> {
    const response = await this.request.post(path, {
      data: { altcha: await testProof(), ...data },
    });
    expect(response.status(), await response.text()).toBe(201);
    const { _id } = (await response.json()) as { _id: string };
    this.created.push(`${ADMIN_PATHS[path]}/${_id}`);
    return _id;
  }

  /** Seeds an enquiry under a name no other test has; returns the name and the record's id. */
  async enquiry(label: string): Promise<{ name: string; id: string }> {
    const name = unique(label);
    return { name, id: await this.post('/api/enquiries', enquiryBody(name)) };
  }

  /** Deletes every seeded record still there (404s for the ones a test deleted are fine). */
  async cleanup(): Promise<void> {
    if (this.created.length === 0) return;
    const headers = { Authorization: `Bearer ${await adminToken(this.request)}` };
    await Promise.all(this.created.map((path) => this.request.delete(path, { headers })));
  }
}

/** The admin tests' `test`: its `seeder` fixture deletes what the test seeded once it ends. */
export const test = base.extend<{ seeder: Seeder }>({
  seeder: async ({ request }, use) => {
    const seeder = new Seeder(request);
    await use(seeder);
    await seeder.cleanup();
  },
});

/** The enquiries table row holding `text`, paging forward until it shows up. */
export async function enquiryRow(page: Page, text: string): Promise<Locator> {
  const panel = page.locator('section[aria-labelledby="enquiries-heading"]');
  for (let pageNumber = 1; pageNumber <= 30; pageNumber += 1) {
    await expect(panel.locator('.admin-count')).toContainText(`page ${pageNumber} of`);
    const row = panel.locator('tbody tr', { hasText: text });
    if ((await row.count()) > 0) return row;
    const next = panel.getByRole('button', { name: 'Next' });
    if ((await next.count()) === 0 || (await next.isDisabled())) break;
    await next.click();
  }
  throw new Error(`No enquiry row holds "${text}"`);
}

/** An enquiry as the admin API holds it: the follow-up fields these tests read. */
export interface FollowedEnquiry {
  status: string;
  statusChangedAt?: string;
  notes: { text: string; at: string }[];
  version: number;
}

let workerToken: Promise<string> | undefined;

/**
 * One admin token per worker (it lasts an hour): every extra login is one more attempt the
 * server's login throttle counts while others are in flight.
 */
export function sharedAdminToken(request: APIRequestContext): Promise<string> {
  workerToken ??= adminToken(request).catch((error: unknown) => {
    workerToken = undefined;
    throw error;
  });
  return workerToken;
}

/** The admin API of one enquiry, called behind the dashboard's back (another tab, say). */
export async function enquiryApi(request: APIRequestContext, id: string) {
  const headers = { Authorization: `Bearer ${await sharedAdminToken(request)}` };
  const path = `/api/enquiries/${id}`;
  return {
    async get(): Promise<FollowedEnquiry> {
      const response = await request.get(path, { headers });
      expect(response.status()).toBe(200);
      return (await response.json()) as FollowedEnquiry;
    },
    async setStatus(status: string, version: number): Promise<FollowedEnquiry> {
      const response = await request.patch(path, {
        headers: { ...headers, 'If-Match': `"${version}"` },
        data: { status },
      });
      expect(response.status(), await response.text()).toBe(200);
      return (await response.json()) as FollowedEnquiry;
    },
    async addNote(text: string): Promise<void> {
      const response = await request.post(`${path}/notes`, { headers, data: { text } });
      expect(response.status(), await response.text()).toBe(201);
    },
  };
}

/** A word no other record holds: a search for it finds only this test's records. */
export const searchToken = () =>
  `zq${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;

/** Reloads the dashboard: leaving logs out, so log in again and come back to this URL. */
export async function reloadAndLogIn(page: Page): Promise<void> {
  await page.reload();
  await expect(page).toHaveURL(/\/login\?from=/);
  await logInHere(page);
}

/** The enquiries panel and the messages panel, and the search form of each. */
export function leadPanels(page: Page) {
  const enquiries = page.locator('section[aria-labelledby="enquiries-heading"]');
  const messages = page.locator('section[aria-labelledby="messages-heading"]');
  return {
    enquiries,
    messages,
    enquirySearch: page.getByRole('search', { name: 'Search enquiries' }),
    messageSearch: page.getByRole('search', { name: 'Search messages' }),
  };
}
