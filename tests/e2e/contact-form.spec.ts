import { test, expect, type Page } from '@playwright/test';
import { adminToken, axeViolations } from './support';

async function openForm(page: Page) {
  await page.goto('/privacy-policy#contact-form');
  const form = page.locator('#contact-form form');
  await form.scrollIntoViewIfNeeded();
  // The island hydrates when visible; it then validates by itself (novalidate).
  await expect(form).toHaveAttribute('novalidate', '');
  return form;
}

test('an empty or malformed message gets a message under each field, and the focus', async ({
  page,
}) => {
  const form = await openForm(page);
  await form.getByRole('button', { name: 'Send message' }).click();
  await expect(form.getByText('This field is required.')).toHaveCount(3);
  await expect(form.getByLabel('Email')).toBeFocused();
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
  await form.getByLabel('Email').fill('visitor@example.org');
  await form.getByLabel('Name').fill('Asha Menon');
  await form.getByLabel('Message').fill(marker);

  // Hold the real request for a moment to see the sending state.
  await page.route('**/api/contact', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 400));
    await route.continue();
  });
  await form.getByRole('button', { name: 'Send message' }).click();
  await expect(form.getByRole('button', { name: 'Sending…' })).toBeDisabled();
  await expect(form.getByText('Message sent successfully!')).toBeVisible();
  await expect(form.getByLabel('Message')).toHaveValue('');
  await expect(form.getByLabel('Email')).toHaveValue('');

  const token = await adminToken(request);
  const headers = { Authorization: `Bearer ${token}` };
  const list = await request.get('/api/contact-messages?pageSize=100', { headers });
  const messages = (await list.json()) as { _id: string; message: string; name: string }[];
  const stored = messages.find((message) => message.message === marker);
  expect(stored?.name).toBe('Asha Menon');
  if (stored) await request.delete(`/api/contact-messages/${stored._id}`, { headers });
});

test('a failed send says so and keeps what was typed, even across a reload', async ({ page }) => {
  const form = await openForm(page);
  await form.getByLabel('Email').fill('visitor@example.org');
  await form.getByLabel('Name').fill('Ravi');
  await form.getByLabel('Message').fill('Please call me about a biogas unit.');
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
  await form.getByLabel('Email').fill('nojs@example.org');
  await form.getByLabel('Name').fill('No Script');
  await form.getByLabel('Message').fill('Sent without JavaScript.');
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
