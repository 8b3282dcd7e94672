/**
 * The careers application form (issue 39, item 2) on /careers, an open application: sending with a
 * CV, the server's refusal of a file that is not one, the draft (never the file), the post
 * without JavaScript, its three languages, axe, 320 px and the keyboard alone. The site ships no
 * opening, and building one in costs a second full build, so an opening's page is covered by
 * tests/unit/openings/openings-build.test.ts (the form there, for that opening) instead.
 */
import { test, expect, type Browser, type Locator, type Page } from '@playwright/test';
import { UUID } from './lead-forms-support';
import { adminToken, axeViolations } from './support';

interface StoredApplication {
  _id: string;
  name: string;
  opening: string;
  lang: string;
  location: string;
}

/** A minimal valid PDF: one empty page, with its cross-reference table. */
function minimalPdf(): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

const PDF = { name: 'cv.pdf', mimeType: 'application/pdf', buffer: minimalPdf() };
/** An HTML page named as a PDF: the browser's name and type say PDF, the bytes do not. */
const HTML_AS_PDF = {
  name: 'cv.pdf',
  mimeType: 'application/pdf',
  buffer: Buffer.from('<!doctype html><title>cv</title><script>alert(1)</script>'),
};

async function openForm(page: Page, path = '/careers') {
  await page.goto(`${path}#application-form`);
  const form = page.locator('form#application-form');
  await form.scrollIntoViewIfNeeded();
  await form.locator('#application-name').focus();
  // Its behaviour arrives on the first focus and then checks the fields itself (novalidate).
  await expect(form).toHaveAttribute('novalidate', '');
  return form;
}

async function fillApplication(form: Locator, name: string) {
  await form.getByLabel('Full name').fill(name);
  await form.getByLabel('Email').fill('applicant@example.org');
  await form.getByLabel('Phone', { exact: true }).fill('+91 98470 12345');
  await form.getByLabel('Current location').fill('Kochi, India');
  await form.getByLabel(/^Cover note/).fill('I have run composting plants for five years.');
}

const consentBox = (form: Locator) => form.getByRole('checkbox', { name: /Keep my application/ });

test('an empty form gets a message at each required field, the CV and the consent', async ({
  page,
}) => {
  const form = await openForm(page);
  await form.getByRole('button', { name: 'Send application' }).click();
  await expect(form.getByText('This field is required.')).toHaveCount(4);
  await expect(form.locator('#application-cv-error')).toHaveText(
    'Please attach your CV as a PDF, DOCX or ODT file.',
  );
  await expect(form.locator('#application-consent-error')).toContainText('12 months');
  await expect(form.getByLabel('Full name')).toBeFocused();
  await expect(form.getByLabel('CV', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  expect(await axeViolations(page)).toEqual([]);
});

test('a file with the wrong name or size is warned about before sending', async ({ page }) => {
  const form = await openForm(page);
  const cv = form.getByLabel('CV', { exact: true });
  await expect(cv).toHaveAttribute('accept', /\.pdf,\.docx,\.odt,application\/pdf/);
  await cv.setInputFiles({ name: 'cv.html', mimeType: 'text/html', buffer: Buffer.from('<p>') });
  await expect(form.locator('#application-cv-error')).toContainText(
    'This file is not a PDF, DOCX or ODT document.',
  );
  await cv.setInputFiles({ ...PDF, buffer: Buffer.alloc(5 * 1024 * 1024 + 1, 0x20) });
  await expect(form.locator('#application-cv-error')).toHaveText(
    'The CV is larger than 5 MB. Please attach a smaller file.',
  );
  await cv.setInputFiles(PDF);
  await expect(form.locator('#application-cv-error')).toBeHidden();
});

test('sent with a small PDF, it is confirmed with a reference and the form is cleared', async ({
  page,
  request,
}) => {
  const form = await openForm(page);
  const name = `E2E applicant ${Date.now()} ${test.info().project.name}`;
  await fillApplication(form, name);
  await form.getByLabel('CV', { exact: true }).setInputFiles(PDF);
  await consentBox(form).check();

  const posted = page.waitForRequest(
    (request) => request.url().endsWith('/api/applications') && request.method() === 'POST',
  );
  await form.getByRole('button', { name: 'Send application' }).click();
  const post = await posted;
  expect(await post.headerValue('idempotency-key')).toMatch(UUID);
  expect(await post.headerValue('content-type')).toMatch(/^multipart\/form-data; boundary=/);

  await expect(form.getByText('Application sent. Thank you!')).toBeVisible();
  await expect(form.locator('[data-reference]')).toHaveText(/^[0-9A-Z]{4}-[0-9A-Z]{4}$/);
  await expect(form.getByText('within two weeks')).toBeVisible();
  await expect(form.getByLabel('Full name')).toHaveValue('');
  await expect(form.getByLabel('CV', { exact: true })).toHaveValue('');
  await expect(consentBox(form)).not.toBeChecked();

  // Stored as an open application in English, with its CV found to be a PDF; then removed.
  const headers = { Authorization: `Bearer ${await adminToken(request)}` };
  const list = await request.get('/api/applications?pageSize=100', { headers });
  const stored = ((await list.json()) as StoredApplication[]).filter((a) => a.name === name);
  expect(stored).toHaveLength(1);
  expect(stored[0]).toMatchObject({ opening: 'open', lang: 'en', location: 'Kochi, India' });
  for (const { _id } of stored) await request.delete(`/api/applications/${_id}`, { headers });
});

test('a CV of 5 MB goes ahead in a part of 3 MB, and is stored whole', async ({
  page,
  request,
}) => {
  // Netlify takes about 4.5 MB of binary in one request: no single request may carry it all.
  const big = Buffer.alloc(5 * 1024 * 1024, 0x20);
  minimalPdf().copy(big, 0);
  const form = await openForm(page);
  const name = `E2E big ${Date.now()} ${test.info().project.name}`;
  await fillApplication(form, name);
  await form.getByLabel('CV', { exact: true }).setInputFiles({ ...PDF, buffer: big });
  await consentBox(form).check();
  const sizes: number[] = [];
  page.on('request', (sent) => {
    if (sent.method() === 'POST' && new URL(sent.url()).pathname.startsWith('/api/applications'))
      sizes.push(sent.postDataBuffer()?.length ?? 0);
  });
  await form.getByRole('button', { name: 'Send application' }).click();
  await expect(form.getByText('Application sent. Thank you!')).toBeVisible({ timeout: 30_000 });
  expect(sizes).toHaveLength(2);
  expect(Math.max(...sizes)).toBeLessThanOrEqual(3 * 1024 * 1024 + 64 * 1024);

  const headers = { Authorization: `Bearer ${await adminToken(request)}` };
  const list = await request.get('/api/applications?pageSize=100', { headers });
  const [stored] = ((await list.json()) as StoredApplication[]).filter((a) => a.name === name);
  const cv = await request.get(`/api/applications/${stored!._id}/cv`, { headers });
  expect((await cv.body()).equals(big)).toBe(true);
  await request.delete(`/api/applications/${stored!._id}`, { headers });
});

test('an HTML file named cv.pdf gets the server’s words at the CV field, and nothing typed is lost', async ({
  page,
}) => {
  const form = await openForm(page);
  const name = `E2E refused ${Date.now()}`;
  await fillApplication(form, name);
  await form.getByLabel('CV', { exact: true }).setInputFiles(HTML_AS_PDF);
  // Its name says PDF: the browser has nothing to warn about.
  await expect(form.locator('#application-cv-error')).toBeHidden();
  await consentBox(form).check();
  await form.getByRole('button', { name: 'Send application' }).click();

  const error = form.locator('#application-cv-error');
  await expect(error).toContainText('This file is not a PDF, DOCX or ODT document.');
  await expect(form.getByText('Your application could not be sent.')).toBeVisible();
  await expect(form.getByLabel('CV', { exact: true })).toBeFocused();
  await expect(form.getByLabel('Full name')).toHaveValue(name);
  await expect(form.getByLabel('Current location')).toHaveValue('Kochi, India');
  await expect(form.getByLabel(/^Cover note/)).toHaveValue(/composting plants/);
  await expect(consentBox(form)).toBeChecked();
  expect(await axeViolations(page)).toEqual([]);
});

test('a body the platform refuses as too large (413, no JSON) is named at the CV field', async ({
  page,
}) => {
  // Netlify refuses a request over 6 MB itself, before the function runs, with a page of its own.
  await page.route('**/api/applications', (route) =>
    route.fulfill({ status: 413, contentType: 'text/plain', body: 'Payload Too Large' }),
  );
  const form = await openForm(page);
  await fillApplication(form, `E2E platform ${Date.now()}`);
  await form.getByLabel('CV', { exact: true }).setInputFiles(PDF);
  await consentBox(form).check();
  await form.getByRole('button', { name: 'Send application' }).click();
  await expect(form.locator('#application-cv-error')).toContainText(
    'This file is too large to send from here.',
  );
  await expect(form.getByLabel('CV', { exact: true })).toBeFocused();
  await expect(form.getByLabel('Current location')).toHaveValue('Kochi, India');
});

test('the typed draft survives a reload; the CV must be attached again, and the form says so', async ({
  page,
}) => {
  const form = await openForm(page);
  await fillApplication(form, 'Meera Draft');
  await form.getByLabel('CV', { exact: true }).setInputFiles(PDF);
  await consentBox(form).check();

  await page.reload();
  const again = page.locator('form#application-form');
  await expect(again.getByLabel('Full name')).toHaveValue('Meera Draft');
  await expect(again.getByLabel('Current location')).toHaveValue('Kochi, India');
  await expect(consentBox(again)).toBeChecked();
  await expect(again.getByLabel('CV', { exact: true })).toHaveValue('');
  await expect(again.getByText('please attach your CV again')).toBeVisible();
  await again.getByLabel('CV', { exact: true }).setInputFiles(PDF);
  await expect(again.getByText('please attach your CV again')).toBeHidden();
});

/** /careers in a browser that runs no script, and its form. */
async function careersWithoutScripts(browser: Browser) {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/careers');
  return { context, page, form: page.locator('form#application-form') };
}

test('without JavaScript the multipart post lands on the application’s thank-you page', async ({
  browser,
}) => {
  const { context, page, form } = await careersWithoutScripts(browser);
  await fillApplication(form, 'No Script Applicant');
  await form.getByLabel('CV', { exact: true }).setInputFiles(PDF);
  await consentBox(form).check();
  await form.getByRole('button', { name: 'Send application' }).click();
  await expect(page).toHaveURL(/\/thank-you\/\?form=application$/);
  await expect(page.locator('h1')).toHaveText('Thank you');
  await expect(page.getByText('Your application has reached our team.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to careers' })).toHaveAttribute(
    'href',
    '/careers/',
  );
  await context.close();
});

test('without JavaScript the form says a CV over 4 MB cannot be sent, and the platform refuses one', async ({
  browser,
}) => {
  const { context, page, form } = await careersWithoutScripts(browser);
  const cv = form.getByLabel('CV', { exact: true });
  // The CV's hint (its description), as rendered: Playwright's text matching skips <noscript>.
  const hint = form.locator(`#${await cv.getAttribute('aria-describedby')}`);
  expect(await hint.evaluate((element) => (element as HTMLElement).innerText)).toBe(
    'PDF, DOCX or ODT, at most 5 MB. With JavaScript turned off, a file over 4 MB cannot be sent: please attach a smaller one.',
  );
  await fillApplication(form, 'No Script Large');
  // 4.6 MB: under the form's 5 MB, over what Netlify takes of binary in one request.
  await cv.setInputFiles({ ...PDF, buffer: Buffer.alloc(4.6 * 1024 * 1024, 0x20) });
  await consentBox(form).check();
  const [answer] = await Promise.all([
    page.waitForResponse((response) => response.url().endsWith('/api/applications')),
    form.getByRole('button', { name: 'Send application' }).click(),
  ]);
  expect(answer.status()).toBe(413);
  await context.close();
});

test('back from a refused plain post, the fields to check are marked', async ({ page }) => {
  await page.goto('/careers?error=1&fields=name,cv#application-form');
  const form = page.locator('form#application-form');
  await expect(form.getByText('Your application could not be sent.')).toBeVisible();
  await expect(form.getByText('Please check this field.')).toHaveCount(2);
  await expect(form.getByLabel('CV', { exact: true })).toHaveAttribute('aria-invalid', 'true');
});

test('the careers page’s button and copy lead to the form', async ({ page }) => {
  await page.goto('/careers');
  await expect(page.locator('main a[href="#application-form"]')).toHaveCount(2);
  await expect(page.locator('main a[href="/#contact-form"]')).toHaveCount(0);
  // The line for visitors without JavaScript stays out of everyone else's way.
  const hint = page.locator('form#application-form').locator('#application-cv-hint');
  expect(await hint.evaluate((element) => (element as HTMLElement).innerText)).toBe(
    'PDF, DOCX or ODT, at most 5 MB.',
  );
});

for (const { path, lang, dir, name, submit, opening } of [
  {
    path: '/ml/careers',
    lang: 'ml',
    dir: 'ltr',
    name: 'മുഴുവൻ പേര്',
    submit: 'അപേക്ഷ അയയ്ക്കുക',
    opening: 'പൊതു അപേക്ഷ',
  },
  {
    path: '/ar/careers',
    lang: 'ar',
    dir: 'rtl',
    name: 'الاسم الكامل',
    submit: 'إرسال الطلب',
    opening: 'طلب توظيف عام',
  },
]) {
  test(`${path}: the form speaks ${lang}, runs ${dir}, checks in ${lang} and passes axe`, async ({
    page,
  }) => {
    await page.goto(path);
    await expect(page.locator('html')).toHaveAttribute('dir', dir);
    const form = page.locator('form#application-form');
    await expect(form.locator('input[name="lang"]')).toHaveValue(lang);
    await expect(form.getByLabel(name)).toBeVisible();
    await expect(form.getByText(opening)).toBeVisible();
    await form.getByLabel(name).focus();
    await expect(form).toHaveAttribute('novalidate', '');
    await form.getByRole('button', { name: submit }).click();
    // The schema's messages in the page's language, never English.
    await expect(form.getByText('This field is required.')).toHaveCount(0);
    await expect(form.locator('#application-name-error')).toBeVisible();
    expect(await form.evaluate((element) => getComputedStyle(element).direction)).toBe(dir);
    expect(await axeViolations(page)).toEqual([]);
  });
}

for (const path of ['/careers', '/ar/careers']) {
  test(`${path} scrolls no wider than 320 px, with the form's errors shown`, async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 800 });
    await page.goto(`${path}?error=1&fields=name,email,phone,location,cv,consent#application-form`);
    await expect(page.locator('#application-cv-error')).toBeVisible();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBe(0);
  });
}

test('the keyboard alone reaches, fills and sends the form', async ({ page }) => {
  await page.goto('/careers');
  const form = page.locator('form#application-form');
  // The hero's button leads to the form.
  const button = page.locator('main a[href="#application-form"]').first();
  await button.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/#application-form$/);

  await form.getByLabel('Full name').focus();
  await page.keyboard.type('Keyboard Applicant');
  await page.keyboard.press('Tab');
  await expect(form.getByLabel('Email')).toBeFocused();
  await page.keyboard.type('keys@example.org');
  await page.keyboard.press('Tab');
  await page.keyboard.type('+91 98470 12345');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Thrissur, India');
  await page.keyboard.press('Tab');
  await expect(form.getByLabel(/^Cover note/)).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(form.getByLabel('CV', { exact: true })).toBeFocused();
  const chooser = page.waitForEvent('filechooser');
  await page.keyboard.press('Space');
  await (await chooser).setFiles(PDF);
  await page.keyboard.press('Tab');
  await expect(consentBox(form)).toBeFocused();
  await page.keyboard.press('Space');
  await page.keyboard.press('Tab');
  await expect(form.getByRole('button', { name: 'Send application' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(form.getByText('Application sent. Thank you!')).toBeVisible();
});
