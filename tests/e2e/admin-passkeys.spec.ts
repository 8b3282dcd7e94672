/**
 * The admin's passkeys end to end, in Chromium with its virtual authenticator, against a server
 * of this spec's own (tests/e2e/fresh-server.ts): the first sign-in must find no factor, and the
 * shared server has them by then. The tests run in order, each building on the last: enrolment
 * and recovery codes, the passkey step, a spare passkey, refusals, the authenticator app, a
 * recovery code, ending another session; then the code step, with a spent ticket. Every new
 * state is checked with axe and photographed at the project's width
 * (/tmp/sec-<state>-<width>.png).
 */
import { readFile } from 'node:fs/promises';
import { test, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { EXPIRED_TICKET_MESSAGE } from '../../src/lib/schemas/factors';
import { SoftPasskey } from '../support/soft-authenticator.ts';
import { credentials, expect, hydrated, openRoom } from './admin-support';
import { roomOf } from '../../src/admin/rooms/index.ts';
import { startFreshServer, type FreshServer } from './fresh-server';
import { VirtualAuthenticator, signCountOf, type HeldPasskey } from './passkey-support';
import { axeViolations } from './support';

test.describe.configure({ mode: 'serial', timeout: 90_000 });

const CANCELLED =
  'The passkey request was cancelled or timed out. Try again, or use another way in.';
const REFUSED = 'That passkey was not accepted. Please try again, or use another way in.';
const CODE = /^[A-HJ-NP-Z2-9]{5}-[A-HJ-NP-Z2-9]{5}$/;

let server: FreshServer;
/** The passkeys made along the way, with the counters they last signed with. */
const held: { laptop?: HeldPasskey; phone?: HeldPasskey } = {};
let recoveryCodes: string[] = [];
const authenticators = new Map<Page, VirtualAuthenticator>();

test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await startFreshServer();
});

test.afterAll(async () => {
  await server?.stop();
});

const at = (path: string) => `${server.origin}${path}`;
/** The Security room's section, opened through the admin's navigation when elsewhere. */
async function inSecurity(page: Page) {
  if (new URL(page.url()).pathname !== roomOf('security').path) await openRoom(page, 'security');
  return page.locator('section[aria-labelledby="security-heading"]');
}

/** A fresh virtual authenticator on `page` (its last one removed) holding `passkeys`. */
async function attach(page: Page, passkeys: HeldPasskey[] = []) {
  await authenticators.get(page)?.remove();
  const authenticator = await VirtualAuthenticator.on(page, passkeys);
  authenticators.set(page, authenticator);
  return authenticator;
}

type Challenge = { challenge: string };

/** What the login box sends to POST /api/login/passkey. */
interface PasskeyStepBody {
  ticket: string;
  response: { id: string; response: { clientDataJSON: string; authenticatorData: string } };
}

/** Keeps the counter a passkey step sent, for the passkey's next use. */
function keepCounter(body: PasskeyStepBody) {
  const passkey = Object.values(held).find((one) => one.credentialId === body.response.id);
  if (passkey) passkey.signCount = Math.max(passkey.signCount, signCountOf(body));
}

const passkeyStepSent = (page: Page) =>
  page.waitForRequest((request) => new URL(request.url()).pathname === '/api/login/passkey');

/** The login page of this server, hydrated, with the password typed (not yet sent). */
async function typePassword(page: Page) {
  if (!page.url().startsWith(at('/login'))) await page.goto(at('/login'));
  await hydrated(page);
  await page.getByLabel('Username').fill(credentials.username);
  await page.getByLabel('Password').fill(credentials.password);
}

async function onDashboard(page: Page) {
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Admin!' })).toBeVisible();
}

/** Signs in with `passkey`: the password, then the passkey step that starts by itself. */
async function signIn(page: Page, passkey: HeldPasskey) {
  await attach(page, [passkey]);
  await typePassword(page);
  const sent = passkeyStepSent(page);
  await page.getByRole('button', { name: 'Login' }).click();
  keepCounter((await sent).postDataJSON());
  await onDashboard(page);
}

/** The browser's passkey dialog stays open (the admin looks elsewhere) until the page closes it. */
async function holdPasskeyDialog(page: Page) {
  await page.evaluate(() => {
    navigator.credentials.get = (options) =>
      new Promise((_, reject) =>
        options?.signal?.addEventListener('abort', () =>
          reject(new DOMException('Closed by the page.', 'AbortError')),
        ),
      );
  });
}

async function logOut(page: Page) {
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login\/?$/);
}

/** A screenshot at the project's width, to look at: /tmp/sec-<name>-<width>.png. */
async function shot(page: Page, name: string, part?: ReturnType<Page['locator']>) {
  const path = `/tmp/sec-${name}-${page.viewportSize()?.width ?? 0}.png`;
  // From the top, where the sticky site header stays out of the part cut from the whole page.
  await page.evaluate(() => scrollTo(0, 0));
  const box = await part?.boundingBox();
  const clip = box && { x: box.x, y: box.y, width: box.width, height: box.height };
  await page.screenshot({ path, fullPage: true, ...(clip && { clip }) });
}

async function noAxeViolations(page: Page) {
  expect(await axeViolations(page)).toEqual([]);
}

/** The authenticator app's code for `secret` at `at` (ms). */
const appCode = (secret: string, time: number) =>
  new TOTP({
    secret: Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
  }).generate({ timestamp: time });

test('the first sign-in explains why, creates a passkey, shows ten recovery codes once, then the dashboard', async ({
  page,
}) => {
  const authenticator = await attach(page);
  await page.goto(at('/login'));
  await hydrated(page);
  await noAxeViolations(page);
  await shot(page, 'login-password');
  await typePassword(page);
  await page.getByRole('button', { name: 'Login' }).click();

  await expect(page.getByRole('heading', { name: 'Create a passkey' })).toBeFocused();
  await expect(page.getByText(/takes a passkey as well as the password/)).toBeVisible();
  await expect(page.getByText(/personal data of the people who contact the company/)).toBeVisible();
  const name = page.getByLabel('Passkey name');
  await expect(name).toHaveValue(/^Chrome on /);
  await noAxeViolations(page);
  await shot(page, 'login-enrol');
  await name.fill('E2E laptop');
  await page.getByRole('button', { name: 'Create passkey' }).click();

  await expect(page.getByRole('heading', { name: 'Save your recovery codes' })).toBeFocused();
  recoveryCodes = await page.locator('.admin-codes li').allTextContents();
  expect(recoveryCodes).toHaveLength(10);
  for (const code of recoveryCodes) expect(code).toMatch(CODE);
  expect(new Set(recoveryCodes).size).toBe(10);
  await expect(page.getByText(/they will not be shown again/)).toBeVisible();
  // Signed in, but nothing leaves this screen until the admin says the codes are stored.
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  await noAxeViolations(page);
  await shot(page, 'login-recovery-codes');

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download as text file' }).click();
  const file = await readFile((await (await download).path()) ?? '', 'utf8');
  for (const code of recoveryCodes) expect(file).toContain(code);

  const stored = page.getByLabel('I have stored these codes somewhere safe');
  await page.getByRole('button', { name: 'Continue' }).click();
  expect(await stored.evaluate((box: HTMLInputElement) => box.validity.valueMissing)).toBe(true);
  await expect(page).toHaveURL(/\/login\/?$/);
  await stored.check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await onDashboard(page);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();
  await expect(
    (await inSecurity(page)).getByRole('listitem').filter({ hasText: 'E2E laptop' }),
  ).toHaveCount(1);
  await expect((await inSecurity(page)).getByText(/^10 of 10 left/)).toBeVisible();

  const [laptop] = await authenticator.passkeys();
  expect(laptop?.privateKey).toBeTruthy();
  held.laptop = laptop!;
});

test('the passkey step: a cancelled dialog keeps it, Use passkey signs in, and again after Logout', async ({
  page,
}) => {
  await attach(page, [held.laptop!]);
  await page.goto(at('/login'));
  await hydrated(page);
  // The dialog that opens by itself is dismissed, as an admin might.
  await page.evaluate(() => {
    const get = navigator.credentials.get.bind(navigator.credentials);
    let first = true;
    navigator.credentials.get = (options) => {
      if (!first) return get(options);
      first = false;
      return Promise.reject(new DOMException('Not allowed.', 'NotAllowedError'));
    };
  });
  await typePassword(page);
  const asked = Date.now();
  const password = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/login');
  await page.getByRole('button', { name: 'Login' }).click();
  await password;
  const passwordMs = Date.now() - asked;

  await expect(page.getByRole('heading', { name: "Confirm it's you" })).toBeFocused();
  await expect(page.getByRole('alert')).toHaveText(CANCELLED);
  await expect(page.getByRole('button', { name: 'Use a recovery code' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Use authenticator app' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Start again' })).toBeVisible();
  await noAxeViolations(page);
  await shot(page, 'login-passkey');

  const sent = passkeyStepSent(page);
  await page.getByRole('button', { name: 'Use passkey' }).click();
  keepCounter((await sent).postDataJSON());
  await onDashboard(page);

  await logOut(page);
  await typePassword(page);
  const started = Date.now();
  const again = passkeyStepSent(page);
  await page.getByRole('button', { name: 'Login' }).click();
  keepCounter((await again).postDataJSON());
  await onDashboard(page);
  console.log(
    `[${test.info().project.name}] password step ${passwordMs} ms; password and passkey to the dashboard ${Date.now() - started} ms`,
  );
});

test('Security: a second passkey is added, renamed, and signs in; the only one cannot be removed', async ({
  page,
}) => {
  await signIn(page, held.laptop!);
  const section = await inSecurity(page);
  await expect(section.getByRole('heading', { name: 'Sessions' })).toBeVisible();
  await expect(section.getByRole('status').filter({ hasText: 'Loading' })).toHaveCount(0);
  await noAxeViolations(page);
  await shot(page, 'security', section);

  // A new authenticator, as a phone would be: it holds none of the admin's passkeys yet.
  const phone = await attach(page);
  await section.getByLabel('Passkey name').fill('E2E phone');
  await section.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(section.getByRole('status').filter({ hasText: 'added' })).toHaveText(
    'The passkey “E2E phone” is added.',
  );
  const items = section.getByRole('listitem');
  await expect(items).toHaveCount(2);
  held.phone = (await phone.passkeys())[0]!;

  await section.getByRole('button', { name: 'Rename the passkey E2E phone' }).click();
  const newName = section.getByLabel('New name for “E2E phone”');
  await expect(newName).toBeFocused();
  await noAxeViolations(page);
  await newName.fill('E2E spare key');
  await section.getByRole('button', { name: 'Save name' }).click();
  await expect(section.getByRole('status').filter({ hasText: 'renamed' })).toHaveText(
    'The passkey is renamed “E2E spare key”.',
  );
  await expect(
    section.getByRole('button', { name: 'Rename the passkey E2E spare key' }),
  ).toBeFocused();

  await logOut(page);
  await signIn(page, held.phone);
  await inSecurity(page);
  await expect(items.filter({ hasText: 'E2E spare key' })).toContainText('last used');

  await section.getByRole('button', { name: 'Remove the passkey E2E laptop' }).click();
  const dialog = page.getByRole('dialog', { name: 'Remove passkey' });
  await noAxeViolations(page);
  await dialog.getByRole('button', { name: 'Remove' }).click();
  await expect(items).toHaveCount(1);
  // The only passkey left offers no Remove (the server would refuse it: tests/functions), but
  // says why.
  await expect(
    section.getByRole('button', { name: 'Remove the passkey E2E spare key' }),
  ).toHaveCount(0);
  await expect(items.first()).toContainText(
    'Your only passkey here: add another one before you remove it.',
  );
});

test('refused: a passkey answer signed for another origin, and a passkey answer sent again', async ({
  page,
}) => {
  // A passkey of the admin's, held in Node: it signs the page's challenge as if the page were
  // another site's (the browser's own would never sign for an origin it is not on).
  await signIn(page, held.phone!);
  const headers = {
    Authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('token'))}`,
  };
  const started = await page.request.post(at('/api/passkeys/options'), { headers });
  const { ticket, options } = (await started.json()) as { ticket: string; options: Challenge };
  const forger = new SoftPasskey();
  const response = forger.create(options, { origin: server.origin });
  const added = await page.request.post(at('/api/passkeys'), {
    headers,
    data: { ticket, response, name: 'E2E key held in Node' },
  });
  expect(added.status(), await added.text()).toBe(201);
  await logOut(page);

  await page.route(
    '**/api/login/passkey',
    async (route) => {
      const body = route.request().postDataJSON() as PasskeyStepBody;
      keepCounter(body);
      const client = Buffer.from(body.response.response.clientDataJSON, 'base64url').toString();
      const { challenge } = JSON.parse(client) as { challenge: string };
      const forged = forger.get(
        { challenge },
        { origin: 'https://evil.example', rpId: 'localhost' },
      );
      await route.continue({ postData: JSON.stringify({ ...body, response: forged }) });
    },
    { times: 1 },
  );
  await typePassword(page);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('alert')).toHaveText(REFUSED);
  await expect(page.getByRole('heading', { name: "Confirm it's you" })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();

  // A new step was fetched with the password kept: Use passkey works without retyping.
  const sent = passkeyStepSent(page);
  await page.getByRole('button', { name: 'Use passkey' }).click();
  const body = (await sent).postDataJSON() as PasskeyStepBody;
  keepCounter(body);
  await onDashboard(page);

  const replay = await page.request.post(at('/api/login/passkey'), { data: body });
  expect(replay.status()).toBe(401);
  expect(((await replay.json()) as { error: string }).error).toBe(EXPIRED_TICKET_MESSAGE);
});

test('the authenticator app: set up in Security with a code, then a sign-in with its next code', async ({
  page,
}) => {
  await signIn(page, held.phone!);
  const section = await inSecurity(page);
  await section.getByRole('button', { name: 'Set up an authenticator app' }).click();
  await expect(section.getByRole('heading', { name: 'Set up an authenticator app' })).toBeFocused();
  await expect(
    section.getByRole('img', { name: 'QR code of the new key for the authenticator app' }),
  ).toBeVisible();
  const key = section.locator('.admin-totp__key code');
  await expect(key).toHaveText(/^[A-Z2-7]{4}( [A-Z2-7]{1,4})+$/);
  const secret = ((await key.textContent()) ?? '').replace(/\s/g, '');
  await noAxeViolations(page);
  await shot(page, 'security-totp', section);

  const code = section.getByLabel('6-digit code');
  const now = appCode(secret, Date.now());
  await code.fill(now === '000000' ? '111111' : '000000');
  await section.getByRole('button', { name: 'Confirm' }).click();
  await expect(section.getByRole('alert')).toHaveText(
    'That code is not right, or was used already. Please try the next one.',
  );
  // The code of the step before (accepted: clocks drift), so the sign-in can use this step's.
  const intoStep = Date.now() % 30_000;
  if (intoStep > 27_000) await page.waitForTimeout(30_500 - intoStep);
  await code.fill(appCode(secret, Date.now() - 30_000));
  await section.getByRole('button', { name: 'Confirm' }).click();
  await expect(section.getByRole('status').filter({ hasText: 'set up' })).toHaveText(
    'The authenticator app is set up.',
  );
  await expect(section.getByText(/^Set up on /)).toBeVisible();

  await logOut(page);
  await typePassword(page);
  await holdPasskeyDialog(page);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.getByRole('button', { name: 'Use authenticator app' }).click();
  await expect(
    page.getByRole('heading', { name: 'Enter the code from your authenticator app' }),
  ).toBeFocused();
  const field = page.getByLabel('6-digit code');
  await expect(field).toHaveAttribute('inputmode', 'numeric');
  await expect(field).toHaveAttribute('autocomplete', 'one-time-code');
  await expect(page.getByRole('alert')).toHaveCount(0);
  await noAxeViolations(page);
  await shot(page, 'login-totp');

  const right = appCode(secret, Date.now());
  const wrong = right === '123456' ? '654321' : '123456';
  await field.fill(wrong);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'That code is not right, or was used already. Please try the next one.',
  );
  await expect(field).toHaveValue(wrong);
  await field.fill(appCode(secret, Date.now()));
  await page.getByRole('button', { name: 'Verify' }).click();
  await onDashboard(page);
});

test('a recovery code signs in once and says how many are left; new codes replace the old', async ({
  page,
}) => {
  await typePassword(page);
  await holdPasskeyDialog(page);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.getByRole('button', { name: 'Use a recovery code' }).click();
  await expect(page.getByRole('heading', { name: 'Use a recovery code' })).toBeFocused();
  await shot(page, 'login-recovery');
  // As an admin may type it: lower case, no dash.
  await page.getByLabel('Recovery code').fill(recoveryCodes[0]!.toLowerCase().replace('-', ''));
  await page.getByRole('button', { name: 'Verify' }).click();

  await expect(page.getByRole('heading', { name: 'Signed in with a recovery code' })).toBeFocused();
  await expect(page.getByText('You have 9 recovery codes left.')).toBeVisible();
  await expect(page.getByText(/add a new one in Security/)).toBeVisible();
  await noAxeViolations(page);
  await shot(page, 'login-recovered');
  await page.getByRole('button', { name: 'Continue' }).click();
  await onDashboard(page);

  const section = await inSecurity(page);
  await expect(section.getByText(/^9 of 10 left/)).toBeVisible();
  await section.getByRole('button', { name: 'Make new codes' }).click();
  const dialog = page.getByRole('dialog', { name: 'Make new recovery codes' });
  await expect(dialog).toContainText('The codes you have now stop working.');
  await dialog.getByRole('button', { name: 'Make new codes' }).click();
  await expect(section.getByRole('heading', { name: 'Save your recovery codes' })).toBeFocused();
  const fresh = await section.locator('.admin-codes li').allTextContents();
  expect(fresh).toHaveLength(10);
  expect(fresh.filter((code) => recoveryCodes.includes(code))).toEqual([]);
  await noAxeViolations(page);
  await section.getByLabel('I have stored these codes somewhere safe').check();
  await section.getByRole('button', { name: 'Continue' }).click();
  await expect(section.getByText(/^10 of 10 left/)).toBeVisible();

  // An old code no longer works; the step stays, and Start again keeps the user name.
  await logOut(page);
  await typePassword(page);
  await holdPasskeyDialog(page);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.getByRole('button', { name: 'Use a recovery code' }).click();
  await page.getByLabel('Recovery code').fill(recoveryCodes[1]!);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'That recovery code is not right, or was used already.',
  );
  await page.getByRole('button', { name: 'Start again' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Login' })).toBeFocused();
  await expect(page.getByLabel('Username')).toHaveValue(credentials.username);
  recoveryCodes = fresh;
});

test("ending another session: that browser's next admin call goes to the login page", async ({
  page,
  browser,
}) => {
  const other = await browser.newContext({ viewport: page.viewportSize() });
  try {
    const elsewhere = await other.newPage();
    await signIn(elsewhere, held.phone!);
    await signIn(page, held.phone!);

    const section = await inSecurity(page);
    const rows = section.locator('.admin-sessions tbody tr');
    await expect(rows.first()).toHaveAttribute('data-current', '');
    await expect(rows.first()).toContainText('This session');
    // Newest first: the other browser's session is the first that is not this one.
    const theirs = rows.nth(1);
    await expect(theirs.getByRole('cell').nth(4)).toHaveText('Passkey');
    await noAxeViolations(page);
    await shot(page, 'security-sessions', section);
    await theirs.getByRole('button', { name: /^End/ }).click();
    await expect(section.getByRole('status').filter({ hasText: 'ended' })).toHaveText(
      'The session is ended.',
    );

    await elsewhere.getByPlaceholder('Announcement text').fill('E2E after the session ended');
    await elsewhere.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(
      elsewhere.getByRole('alert').filter({ hasText: 'Unauthorized: Please log in again.' }),
    ).toBeVisible();
    await expect(elsewhere).toHaveURL(/\/login\?from=/);

    const endAll = section.getByRole('button', { name: 'End all other sessions' });
    if ((await endAll.count()) > 0) {
      await endAll.click();
      await expect(section.getByRole('status').filter({ hasText: 'ended' })).toHaveText(
        /^\d+ sessions? ended\.$/,
      );
    }
    await expect(rows).toHaveCount(1);
    await expect(section.getByText('No other sessions.')).toBeVisible();
  } finally {
    await other.close();
  }
});

test('where no passkey works (a new address), the codes; a spent step goes back to the password, kept', async ({
  page,
}) => {
  await page.goto(at('/login'));
  await typePassword(page);
  // The answer of a server with factors, none of them a passkey of this address.
  await page.route(
    '**/api/login',
    (route) =>
      route.fulfill({
        json: { step: 'code', ticket: 'not-a-ticket', fallbacks: ['totp', 'recovery'] },
      }),
    { times: 1 },
  );
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(
    page.getByRole('heading', { name: 'No passkey works at this address yet' }),
  ).toBeFocused();
  await expect(page.getByText(/add a passkey for this address in Security/)).toBeVisible();
  await expect(page.getByLabel('6-digit code')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Use passkey' })).toHaveCount(0);
  await noAxeViolations(page);
  await shot(page, 'login-code');

  await page.getByRole('button', { name: 'Use a recovery code' }).click();
  await page.getByLabel('Recovery code').fill('ABCDE-23456');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Login' })).toBeFocused();
  await expect(page.getByRole('alert')).toHaveText(EXPIRED_TICKET_MESSAGE);
  await expect(page.getByLabel('Username')).toHaveValue(credentials.username);
  await expect(page.getByLabel('Password')).toHaveValue(credentials.password);
});
