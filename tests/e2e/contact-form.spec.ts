import { test, expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { UUID, recordPosts, storedLeads } from './lead-forms-support';
import { axeViolations } from './support';

async function openForm(page: Page) {
  await page.goto('/privacy-policy#contact-form');
  const form = page.locator('#contact-form form');
  await form.scrollIntoViewIfNeeded();
  // Its script takes over at once; from then on it validates by itself (novalidate).
  await expect(form).toHaveAttribute('novalidate', '');
  return form;
}

const RAVI = { email: 'visitor@example.org', name: 'Ravi' };

/** Types `message` and its sender into the form; a name not given is left as it is. */
async function fillMessage(
  form: Locator,
  message: string,
  { email, name }: { email: string; name?: string } = RAVI,
) {
  await form.getByLabel('Email').fill(email);
  if (name !== undefined) await form.getByLabel('Name').fill(name);
  await form.getByLabel('Message').fill(message);
}

/** The stored messages whose text is `text`, and a function that deletes them. */
const storedMessages = (request: APIRequestContext, text: string) =>
  storedLeads<{ _id: string; message: string; name: string }>(
    request,
    '/api/contact-messages',
    (message) => message.message === text,
  );

test('an empty or malformed message gets a message under each field, and the focus', async ({
  page,
}) => {
  const form = await openForm(page);
  await form.getByRole('button', { name: 'Send message' }).click();
  await expect(form.getByText('This field is required.')).toHaveCount(3);
  // The name comes first, as people introduce themselves, and gets the focus.
  const fields = form.locator('input:not([type=hidden]):not([tabindex="-1"]), textarea');
  expect(await fields.evaluateAll((all) => all.map((field) => field.getAttribute('name')))).toEqual(
    ['name', 'email', 'message'],
  );
  await expect(form.getByLabel('Name')).toBeFocused();
  await expect(form.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');

  await form.getByLabel('Email').fill('not-an-address');
  await expect(form.getByText('This field is required.')).toHaveCount(2);
  await form.getByRole('button', { name: 'Send message' }).click();
  await expect(form.getByText('Invalid email format.')).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
});

test('a valid message is sent, stored, confirmed, and the fields cleared', async ({
  page,
  request,
}) => {
  const form = await openForm(page);
  const marker = `E2E contact ${Date.now()} ${test.info().project.name}`;
  await fillMessage(form, marker, { email: 'visitor@example.org', name: 'Asha Menon' });

  // Hold the real request for a moment to see the sending state.
  await page.route('**/api/contact', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 400));
    await route.continue();
  });
  await form.getByRole('button', { name: 'Send message' }).click();
  await expect(form.getByRole('button', { name: 'Sending…' })).toBeDisabled();
  await expect(form.getByText('Message sent successfully!')).toBeVisible();
  // The reference the acknowledgement e-mail quotes and when a reply comes; nothing e-mailed
  // (the e2e server has no SMTP_HOST), so no line says it was.
  await expect(form.locator('[data-reference]')).toHaveText(/^[0-9A-Z]{4}-[0-9A-Z]{4}$/);
  await expect(form.getByText('Your reference:')).toBeVisible();
  // A space between the label and the reference (the build drops the line break between them).
  await expect(form.locator('[data-reference-line]')).toHaveText(/^Your reference: [0-9A-Z]{4}-/);
  await expect(form.getByText('within one working day')).toBeVisible();
  await expect(form.getByText('We have e-mailed an acknowledgement')).toBeHidden();
  await expect(form.getByLabel('Message')).toHaveValue('');
  await expect(form.getByLabel('Email')).toHaveValue('');

  const sent = await storedMessages(request, marker);
  const [stored] = sent.found;
  expect(stored?.name).toBe('Asha Menon');
  await sent.remove();
});

test('a failed send says so and keeps what was typed, even across a reload', async ({ page }) => {
  const form = await openForm(page);
  await fillMessage(form, 'Please call me about a biogas unit.');
  await page.route('**/api/contact', (route) => route.abort());
  await form.getByRole('button', { name: 'Send message' }).click();
  await expect(form.getByText('Oops, something went wrong.')).toBeVisible();
  await expect(form.getByLabel('Message')).toHaveValue('Please call me about a biogas unit.');

  await page.reload();
  const again = await openForm(page);
  await expect(again.getByLabel('Name')).toHaveValue('Ravi');
  await expect(again.getByLabel('Message')).toHaveValue('Please call me about a biogas unit.');
});

test('without JavaScript the form posts and lands on the thank-you page', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/terms-conditions');
  const form = page.locator('#contact-form form');
  await fillMessage(form, 'Sent without JavaScript.', {
    email: 'nojs@example.org',
    name: 'No Script',
  });
  await form.getByRole('button', { name: 'Send message' }).click();
  await expect(page).toHaveURL(/\/thank-you/);
  await expect(page.locator('h1')).toHaveText('Thank you');
  await context.close();
});

test('back from a refused plain post, the form says what to check', async ({ page }) => {
  await page.goto('/about?error=1&fields=email,message#contact-form');
  const form = page.locator('#contact-form form');
  await form.scrollIntoViewIfNeeded();
  await expect(form.getByText('Oops, something went wrong.')).toBeVisible();
  await expect(form.getByText('Please check this field.')).toHaveCount(2);
  await expect(form.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
});

test('a 503 keeps what was typed; sending again reuses the Idempotency-Key and stores it once', async ({
  page,
  request,
}) => {
  const form = await openForm(page);
  const marker = `E2E contact retry ${Date.now()} ${test.info().project.name}`;
  await fillMessage(form, marker, { email: 'retry@example.org', name: 'Meera' });

  // The first send reaches the server and is stored, but the visitor only sees a 503.
  const keys = await recordPosts(page, '/api/contact', async (route, index) => {
    if (index > 0) return route.continue();
    const stored = await route.fetch();
    expect(stored.status()).toBe(201);
    return route.fulfill({ status: 503, json: { error: 'Storage is unavailable.' } });
  });
  await form.getByRole('button', { name: 'Send message' }).click();
  await expect(form.getByText('Oops, something went wrong.')).toBeVisible();
  await expect(form.getByText('What you typed is kept: please send it again')).toBeVisible();
  await expect(form.getByLabel('Email')).toHaveValue('retry@example.org');
  await expect(form.getByLabel('Name')).toHaveValue('Meera');
  await expect(form.getByLabel('Message')).toHaveValue(marker);

  await form.getByRole('button', { name: 'Send message' }).click();
  await expect(form.getByText('Message sent successfully!')).toBeVisible();
  expect(keys).toHaveLength(2);
  expect(keys[0]).toMatch(UUID);
  expect(keys[1]).toBe(keys[0]);

  const sent = await storedMessages(request, marker);
  const stored = sent.found;
  expect(stored).toHaveLength(1);
  await sent.remove();
});

test('the key survives a reload with the draft, and changing a field after a failure changes it', async ({
  page,
}) => {
  let form = await openForm(page);
  await fillMessage(form, 'First version.');
  const keys = await recordPosts(page, '/api/contact', (route) => route.abort('connectionrefused'));
  await form.getByRole('button', { name: 'Send message' }).click();
  await expect(form.getByText('Oops, something went wrong.')).toBeVisible();

  await page.reload();
  form = await openForm(page);
  await expect(form.getByLabel('Message')).toHaveValue('First version.');
  await form.getByRole('button', { name: 'Send message' }).click();
  await expect(form.getByText('Oops, something went wrong.')).toBeVisible();

  await form.getByLabel('Message').fill('Second version.');
  await form.getByRole('button', { name: 'Send message' }).click();
  await expect(form.getByText('Oops, something went wrong.')).toBeVisible();

  expect(keys).toHaveLength(3);
  expect(keys[0]).toMatch(UUID);
  expect(keys[1]).toBe(keys[0]);
  expect(keys[2]).toMatch(UUID);
  expect(keys[2]).not.toBe(keys[0]);
});

test('a 422 (the key was spent on other content) sends the same values next time under a new key', async ({
  page,
}) => {
  const form = await openForm(page);
  await fillMessage(form, 'Sent from two tabs.');
  const keys = await recordPosts(page, '/api/contact', (route, index) =>
    index === 0
      ? route.fulfill({ status: 422, json: { error: 'This Idempotency-Key was already used.' } })
      : route.fulfill({ status: 201, json: { _id: 'fake', createdAt: new Date().toISOString() } }),
  );
  await form.getByRole('button', { name: 'Send message' }).click();
  await expect(form.getByText('Oops, something went wrong.')).toBeVisible();
  await expect(form.getByText('What you typed is kept')).toBeVisible();
  await form.getByRole('button', { name: 'Send message' }).click();
  await expect(form.getByText('Message sent successfully!')).toBeVisible();
  expect(keys).toHaveLength(2);
  expect(keys[1]).toMatch(UUID);
  expect(keys[1]).not.toBe(keys[0]);
});

/** The bundle with the form's behaviour (rules, post, states), loaded on first use. */
const BEHAVIOUR = /\/_astro\/contact-form-enhance-[\w-]+\.js$/;

test("reading a page to the footer loads no framework and not the form's rules; a first focus loads them", async ({
  page,
}) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  await page.goto('/privacy-policy');
  const form = page.locator('#contact-form form');
  await form.scrollIntoViewIfNeeded();
  await expect(form).toHaveAttribute('novalidate', '');
  await page.waitForLoadState('networkidle');
  expect(scripts.filter((url) => BEHAVIOUR.test(url))).toEqual([]);
  // React's client runtime (what an island would bring) is nowhere on this page.
  expect(scripts.filter((url) => /\/_astro\/(client|react)\./.test(url))).toEqual([]);

  const loaded = page.waitForRequest((request) => BEHAVIOUR.test(request.url()));
  await form.getByLabel('Email').focus();
  await loaded;
});

test('Send pressed before the behaviour has loaded waits for it and posts once', async ({
  page,
}) => {
  // Hold the behaviour back, as a slow connection would, until the press has happened.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(BEHAVIOUR, async (route) => {
    await held;
    await route.continue();
  });
  const form = await openForm(page);
  const keys = await recordPosts(page, '/api/contact', (route) =>
    route.fulfill({ status: 201, json: { _id: 'fake', createdAt: new Date().toISOString() } }),
  );
  await fillMessage(form, 'Pressed Send at once.', { email: 'early@example.org', name: 'Early' });
  await form.getByRole('button', { name: 'Send message' }).click();
  // Neither a plain post (the page is still here) nor a JSON one yet.
  await expect(form.getByLabel('Message')).toHaveValue('Pressed Send at once.');
  expect(new URL(page.url()).pathname).toBe('/privacy-policy');
  expect(keys).toHaveLength(0);

  release();
  await expect(form.getByText('Message sent successfully!')).toBeVisible();
  expect(keys).toHaveLength(1);
  expect(keys[0]).toMatch(UUID);
});

test('when the behaviour cannot load (offline), Send says so and keeps what was typed', async ({
  page,
}) => {
  await page.route(BEHAVIOUR, (route) => route.abort('internetdisconnected'));
  const form = await openForm(page);
  await fillMessage(form, 'Written on a train.', { email: 'offline@example.org' });
  await form.getByRole('button', { name: 'Send message' }).click();
  await expect(form.getByText('Oops, something went wrong.')).toBeVisible();
  await expect(form.getByText('What you typed is kept: please send it again')).toBeVisible();
  await expect(form.getByLabel('Message')).toHaveValue('Written on a train.');
  expect(page.url()).toContain('/privacy-policy');

  // Back online: the next press loads it and checks the fields.
  await page.unroute(BEHAVIOUR);
  await form.getByRole('button', { name: 'Send message' }).click();
  await expect(form.getByText('This field is required.')).toHaveCount(1);
  await expect(form.getByLabel('Name')).toBeFocused();
});

test('the confirmation says an acknowledgement was e-mailed only when one was', async ({
  page,
}) => {
  const form = await openForm(page);
  await fillMessage(form, 'E2E acknowledged', { email: 'visitor@example.org', name: 'Asha' });
  await page.route('**/api/contact', (route) =>
    route.fulfill({
      status: 201,
      contentType: 'application/json',
      body: JSON.stringify({ _id: 'x', createdAt: '', reference: 'QW12-ER34', acknowledged: true }),
    }),
  );
  await form.getByRole('button', { name: 'Send message' }).click();
  await expect(form.locator('[data-reference]')).toHaveText('QW12-ER34');
  await expect(
    form.getByText('We have e-mailed an acknowledgement to the address you gave.'),
  ).toBeVisible();
});
