import type { Page, Route } from '@playwright/test';
import { adminToken, axeViolations } from './support';
import {
  acceptDialogs,
  enquiryBody,
  enquiryRow,
  expect,
  hydrated,
  logIn,
  submitLogin,
  test,
  unique,
} from './admin-support';
import { roomOf } from '../../src/admin/rooms/index.ts';
import { auditHas } from './audit-support';
import { forwardFrom, loopbackAddress, routeFrom } from './client-address';
import { LOGOUT_WAIT_MS } from '../../src/admin/api/auth-client';

test.describe.configure({ timeout: 60_000 });

const storedToken = (page: Page) => page.evaluate(() => localStorage.getItem('token'));

/** Records Content-Security-Policy complaints of the page's console. */
function cspErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (/Content[- ]Security[- ]Policy/i.test(message.text())) errors.push(message.text());
  });
  return errors;
}

test.describe('login', () => {
  test('wrong credentials say "Invalid credentials"; the button is disabled while sending', async ({
    page,
  }) => {
    await page.goto('/login');
    await hydrated(page);
    await expect(page.locator('h1')).toHaveText('Admin Login');
    await expect(page.getByLabel('Username')).toHaveAttribute('required', '');
    await expect(page.getByLabel('Password')).toHaveAttribute('required', '');

    // The gate exists before the request does, so releasing it can never come too early.
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    // From an address of this test's own, so no other test's failures add up to a warning here.
    const address = loopbackAddress();
    await page.route('**/api/login', async (route) => {
      await gate;
      await forwardFrom(route, address);
    });
    // A made-up name: its failures never count against the admin's own name.
    await page.getByLabel('Username').fill(unique('nobody'));
    await page.getByLabel('Password').fill('wrong password');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByRole('button', { name: 'Login' })).toBeDisabled();
    release();
    await expect(page.getByRole('alert')).toHaveText('Invalid credentials');
    await expect(page.getByRole('button', { name: 'Login' })).toBeEnabled();
    expect(await storedToken(page)).toBeNull();
  });

  test('the failure before the lock warns that one more may lock sign-in; the next one locks it', async ({
    page,
  }) => {
    // From an address of this test's own: the lock it makes never meets another test's sign-in.
    await routeFrom(page, '**/api/login', loopbackAddress());
    await page.goto('/login');
    await hydrated(page);
    await page.getByLabel('Username').fill(unique('nobody'));
    const password = page.getByLabel('Password');
    const alert = page.getByRole('alert');
    const warning = 'Invalid credentials. One more failed attempt may lock sign-in for 15 minutes.';
    // Wrong passwords, typed and sent with Enter, until the warning shows (the fourth).
    let tries = 0;
    for (; tries < 5; tries++) {
      await password.fill(`wrong password ${tries}`);
      const answered = page.waitForResponse('**/api/login');
      await password.press('Enter');
      await answered;
      await expect(alert).toHaveText(/^Invalid credentials/);
      if ((await alert.textContent()) === warning) break;
      await expect(alert).toHaveText('Invalid credentials');
    }
    expect(tries + 1).toBe(4);
    // Said where the failure is said (role=alert), and the field keeps the focus to try again.
    await expect(password).toBeFocused();

    await password.fill('wrong password again');
    await password.press('Enter');
    await expect(alert).toHaveText('Invalid credentials');
    await password.fill('one more wrong password');
    await password.press('Enter');
    await expect(alert).toHaveText(
      /^Too many failed attempts: sign-in is locked\. Please try again in 1[45] minutes\.$/,
    );
  });

  test('a lock-out (429) says how long to wait; 503 passes on the reason', async ({ page }) => {
    await page.goto('/login');
    await hydrated(page);
    await page.getByLabel('Username').fill('admin');
    await page.getByLabel('Password').fill('secret');

    await page.route('**/api/login', (route) =>
      route.fulfill({
        status: 429,
        headers: { 'Retry-After': '600' },
        json: { error: 'Too many failed attempts.' },
      }),
    );
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByRole('alert')).toHaveText(/locked.*try again in 10 minutes/);

    await page.unroute('**/api/login');
    await page.route('**/api/login', (route) =>
      route.fulfill({
        status: 503,
        json: { error: 'Admin sign-in is not configured on this server.' },
      }),
    );
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByRole('alert')).toHaveText(
      'Admin sign-in is not configured on this server.',
    );
  });

  test('the guard sends a visitor without a token to /login?from=…, and login returns there', async ({
    page,
  }) => {
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/login\/?\?from=/);
    expect(new URL(page.url()).searchParams.get('from')).toMatch(/^\/admin\/?$/);

    await submitLogin(page);
    await expect(page).toHaveURL(/\/admin\/?$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Admin!' })).toBeVisible();
    expect(await storedToken(page)).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
  });

  test("a ?from= that would leave the site (/%5Cevil.example) ends on this site's /admin", async ({
    page,
    baseURL,
  }) => {
    // The browser reads "/\\evil.example/phish" as "//evil.example/phish": another host.
    await page.goto('/login?from=/%5Cevil.example/phish');
    await submitLogin(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Admin!' })).toBeVisible();
    const url = new URL(page.url());
    expect(url.origin).toBe(new URL(baseURL ?? '').origin);
    expect(url.pathname).toMatch(/^\/admin\/?$/);
  });

  test('the guard says "Checking authentication..." before the dashboard', async ({ page }) => {
    const html = await (await page.request.get('/admin')).text();
    expect(html).toContain('Checking authentication...');
    expect(html).not.toContain('Welcome, Admin!');
  });
});

test.describe('session', () => {
  test('Logout removes the token and goes to /login', async ({ page }) => {
    await logIn(page);
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login\/?$/);
    expect(await storedToken(page)).toBeNull();
  });

  test('Logout revokes the token: a copy taken before is refused (401) after', async ({
    page,
    request,
  }) => {
    await logIn(page);
    const copied = await storedToken(page);
    expect(copied).toBeTruthy();
    const headers = { authorization: `Bearer ${copied}` };
    expect((await request.get('/api/enquiries', { headers })).status()).toBe(200);

    const revoked = page.waitForResponse(
      (response) =>
        new URL(response.url()).pathname === '/api/logout' &&
        response.request().method() === 'POST',
    );
    await page.getByRole('button', { name: 'Logout' }).click();
    expect((await revoked).request().headers()['authorization']).toBe(`Bearer ${copied}`);
    await expect(page).toHaveURL(/\/login\/?$/);
    expect(await storedToken(page)).toBeNull();
    expect((await request.get('/api/enquiries', { headers })).status()).toBe(401);
  });

  test('a logout call that hangs or fails does not hold the admin: /login within ~2 s', async ({
    page,
  }) => {
    // The page's clock, not the machine's: the wait is LOGOUT_WAIT_MS of page time however busy
    // the machine is.
    await page.clock.install();
    await logIn(page);
    // The gate is never opened: the server's answer never comes.
    await page.route('**/api/logout', () => new Promise<void>(() => {}));
    await page.getByRole('button', { name: 'Logout' }).click();
    expect(await storedToken(page)).toBeNull();
    await page.clock.runFor(LOGOUT_WAIT_MS);
    await expect(page).toHaveURL(/\/login\/?$/);

    await page.unroute('**/api/logout');
    await logIn(page);
    await page.route('**/api/logout', (route) => route.abort('connectionrefused'));
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login\/?$/);
    expect(await storedToken(page)).toBeNull();
  });

  test('leaving the dashboard revokes the token too (best effort, on pagehide)', async ({
    page,
    request,
  }) => {
    await logIn(page);
    const headers = { authorization: `Bearer ${await storedToken(page)}` };
    await page.goto('/about');
    // The page cannot wait for the answer: the call may land a moment after the new page.
    await expect
      .poll(async () => (await request.get('/api/enquiries', { headers })).status(), {
        timeout: 10_000,
      })
      .toBe(401);
  });

  test('leaving the dashboard logs out (pagehide)', async ({ page }) => {
    await logIn(page);
    await page.goto('/about');
    expect(await storedToken(page)).toBeNull();
  });

  /** The inactivity warning, a dialog fixed in the viewport. */
  const inactivityWarning = (page: Page) => page.getByRole('alertdialog', { name: 'Still there?' });

  test('scrolled down, the warning shows in view and takes the focus; 5 minutes without input log out, whatever scrolls', async ({
    page,
  }) => {
    await page.clock.install();
    await logIn(page);
    // The dashboard's lists may still be arriving: scroll to the end once the page is long.
    await expect
      .poll(() =>
        page.evaluate(() => {
          window.scrollTo(0, document.documentElement.scrollHeight);
          return window.scrollY;
        }),
      )
      .toBeGreaterThan(0);

    await page.clock.runFor(290_000);
    const warning = inactivityWarning(page);
    await expect(warning).toBeInViewport();
    await expect(warning).toContainText('logged out in 20 seconds');
    await expect(warning.getByRole('button', { name: 'Stay signed in' })).toBeFocused();
    // The page scrolling (by script, as the browser does when content above the view changes
    // height) is not the admin's input.
    await page.evaluate(() => window.scrollBy(0, -300));
    await expect(warning).toBeInViewport();

    await page.clock.runFor(11_000);
    await expect(page).toHaveURL(/\/login\/?$/);
    expect(await storedToken(page)).toBeNull();
  });

  test('a key press, a mouse move or "Stay signed in" restarts the count', async ({ page }) => {
    await page.clock.install();
    await logIn(page);
    const warning = inactivityWarning(page);
    await page.clock.runFor(290_000);
    await expect(warning).toBeVisible();
    await page.keyboard.press('Shift');
    await expect(warning).toHaveCount(0);

    await page.clock.runFor(290_000);
    await expect(page).toHaveURL(/\/admin\/?$/);
    await expect(warning).toBeVisible();
    await page.mouse.move(40, 40);
    await page.mouse.move(60, 80);
    await expect(warning).toHaveCount(0);

    await page.clock.runFor(290_000);
    // The button's own click, with no pointer moving to it first (a move alone is activity,
    // which closes the warning before a real click could land).
    await warning.getByRole('button', { name: 'Stay signed in' }).dispatchEvent('click');
    await expect(warning).toHaveCount(0);

    await page.clock.runFor(290_000);
    await expect(page).toHaveURL(/\/admin\/?$/);
    await page.clock.runFor(11_000);
    await expect(page).toHaveURL(/\/login\/?$/);
    expect(await storedToken(page)).toBeNull();
  });

  test('a rejected token (401) shows the message, clears the token and goes to /login', async ({
    page,
  }) => {
    await logIn(page);
    await page.evaluate(() =>
      localStorage.setItem('token', `${localStorage.getItem('token')}tampered`),
    );
    const text = unique('tampered');
    await page.getByPlaceholder('Announcement text').fill(text);
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'Unauthorized: Please log in again.' }),
    ).toBeVisible();
    await expect(page.getByPlaceholder('Announcement text')).toHaveValue(text);
    expect(await storedToken(page)).toBeNull();
    await expect(page).toHaveURL(/\/login\/?\?from=%2Fadmin/);
  });

  test('a stale token on arrival: the lists say the session expired, then /login', async ({
    page,
  }) => {
    await page.goto('/login');
    await page.evaluate(() => localStorage.setItem('token', 'aaa.bbb.ccc'));
    await page.goto('/admin');
    await expect(
      page
        .getByRole('alert')
        .filter({ hasText: 'Session expired or unauthorized. Please log in again.' })
        .first(),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/login\/?\?from=/);
  });
});

test.describe('announcements', () => {
  test('add, edit, cancel and delete; the public ticker shows the change', async ({
    page,
    context,
    request,
  }) => {
    const dialogs = acceptDialogs(page);
    const text = unique('announcement');
    try {
      await logIn(page);
      await expect(
        page.getByRole('heading', { level: 2, name: 'Announcements Management' }),
      ).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Manage Announcements' })).toBeVisible();
      const list = page.getByRole('list', { name: 'Announcements' });

      const malayalam = `അറിയിപ്പ് ${text}`;
      const arabic = `إعلان ${text}`;
      await page.getByPlaceholder('Announcement text').fill(text);
      const malayalamField = page.getByLabel('Malayalam text (optional)');
      const arabicField = page.getByLabel('Arabic text (optional)');
      await expect(malayalamField).toHaveAttribute('lang', 'ml');
      await expect(arabicField).toHaveAttribute('lang', 'ar');
      await expect(arabicField).toHaveAttribute('dir', 'rtl');
      await malayalamField.fill(malayalam);
      await arabicField.fill(arabic);
      await page.getByLabel('Link (optional)').fill('/about');
      const added = page.waitForResponse(
        (response) =>
          response.request().method() === 'POST' &&
          new URL(response.url()).pathname === '/api/announcements',
      );
      await page.getByRole('button', { name: 'Add', exact: true }).click();
      const item = list.getByRole('listitem').filter({ hasText: text });
      await expect(item).toHaveCount(1);
      const { _id: id } = (await (await added).json()) as { _id: string };
      expect(await auditHas(request, { event: 'announcement.created', target: id })).toBe(true);
      await expect(page.getByPlaceholder('Announcement text')).toHaveValue('');
      await expect(item).toContainText(malayalam);
      await expect(item).toContainText(arabic);

      // Another tab (leaving this one would log out): the built strip predates the item, so the
      // freshness check brings it, in the page's language.
      const translated = await context.newPage();
      await translated.goto('/ml/');
      const strip = translated.locator('[data-ticker] ul:not([aria-hidden])');
      await expect(strip.getByRole('link', { name: malayalam })).toHaveAttribute('href', '/about');
      await expect(strip.getByRole('link', { name: text, exact: true })).toHaveCount(0);
      await translated.goto('/ar/');
      const arabicItem = strip.getByRole('listitem').filter({ hasText: arabic });
      await expect(arabicItem.getByRole('link')).toHaveAttribute('href', '/about');
      await expect(arabicItem).not.toHaveAttribute('lang');
      await expect(arabicItem).toHaveJSProperty('dir', '');
      await expect(translated.locator('[data-ticker]')).toHaveCSS('direction', 'rtl');
      await translated.close();

      // Edit fills the form; Cancel goes back to add mode without a change.
      await item.getByRole('button', { name: /^Edit/ }).click();
      await expect(page.getByPlaceholder('Announcement text')).toHaveValue(text);
      await expect(malayalamField).toHaveValue(malayalam);
      await expect(arabicField).toHaveValue(arabic);
      await expect(page.getByLabel('Link (optional)')).toHaveValue('/about');
      await expect(page.getByRole('button', { name: 'Update' })).toBeVisible();
      await page.getByRole('button', { name: 'Cancel' }).click();
      await expect(page.getByRole('button', { name: 'Add', exact: true })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Cancel' })).toHaveCount(0);
      await expect(page.getByPlaceholder('Announcement text')).toHaveValue('');

      await item.getByRole('button', { name: /^Edit/ }).click();
      await page.getByPlaceholder('Announcement text').fill(`${text} (updated)`);
      await arabicField.fill('');
      await page.getByRole('button', { name: 'Update' }).click();
      const updated = list.getByRole('listitem').filter({ hasText: `${text} (updated)` });
      await expect(updated).toHaveCount(1);
      await expect(page.getByRole('button', { name: 'Add', exact: true })).toBeVisible();
      expect(await auditHas(request, { event: 'announcement.updated', target: id })).toBe(true);

      // Another tab: leaving this one would log out.
      const home = await context.newPage();
      await home.goto('/');
      const ticker = home.locator('[data-ticker] ul:not([aria-hidden])');
      await expect(ticker.getByRole('link', { name: `${text} (updated)` })).toHaveAttribute(
        'href',
        '/about',
      );
      // No Arabic text any more: the Arabic page shows the English, marked as English.
      await home.goto('/ar/');
      const fallback = ticker.getByRole('listitem').filter({ hasText: `${text} (updated)` });
      await expect(fallback).toHaveAttribute('lang', 'en');
      await expect(fallback).toHaveAttribute('dir', 'ltr');
      await expect(ticker).not.toContainText(arabic);
      await home.close();

      await updated.getByRole('button', { name: /^Delete/ }).click();
      await expect(updated).toHaveCount(0);
      expect(dialogs).toEqual(['Delete this announcement?']);
      expect(await auditHas(request, { event: 'announcement.deleted', target: id })).toBe(true);
    } finally {
      const headers = { Authorization: `Bearer ${await adminToken(request)}` };
      const items = (await (await request.get('/api/announcements')).json()) as {
        _id: string;
        text: string;
      }[];
      for (const leftover of items.filter((entry) => entry.text.startsWith(text))) {
        await request.delete(`/api/announcements/${leftover._id}`, { headers });
      }
    }
  });

  test('a bad link gets the schema message under the field; nothing typed is lost', async ({
    page,
  }) => {
    await logIn(page);
    const text = unique('bad link');
    await page.getByPlaceholder('Announcement text').fill(text);
    await page.getByLabel('Link (optional)').fill('javascript:alert(1)');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    const link = page.getByLabel('Link (optional)');
    await expect(link).toHaveAttribute('aria-invalid', 'true');
    await expect(link).toHaveAccessibleDescription(
      /Link must start with https:\/\/, http:\/\/, \/, #, mailto: or tel:\./,
    );
    await expect(link).toBeFocused();
    await expect(link).toHaveValue('javascript:alert(1)');
    await expect(page.getByPlaceholder('Announcement text')).toHaveValue(text);

    // Empty text: the required message.
    await page.getByPlaceholder('Announcement text').fill('');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(page.getByPlaceholder('Announcement text')).toHaveAccessibleDescription(
      'This field is required.',
    );
  });

  test('server field errors and failures show in the form, which keeps its values', async ({
    page,
  }) => {
    await logIn(page);
    const text = unique('server says no');
    await page.route('**/api/announcements', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({
            status: 400,
            json: { error: 'Some fields are invalid.', fields: { text: 'Too spammy.' } },
          })
        : route.continue(),
    );
    await page.getByPlaceholder('Announcement text').fill(text);
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(page.getByPlaceholder('Announcement text')).toHaveAccessibleDescription(
      'Too spammy.',
    );
    await expect(
      page
        .getByRole('alert')
        .filter({ hasText: 'Could not add the announcement: Some fields are invalid.' }),
    ).toBeVisible();

    await page.unroute('**/api/announcements');
    await page.route('**/api/announcements', (route) =>
      route.request().method() === 'POST' ? route.abort('connectionrefused') : route.continue(),
    );
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'Could not reach the server' }),
    ).toBeVisible();
    await expect(page.getByPlaceholder('Announcement text')).toHaveValue(text);
  });
});

/** Serves /api/enquiries from a list held by the test (GET pages, DELETE by id). */
async function fakeEnquiries(
  page: Page,
  enquiries: Record<string, unknown>[],
  hold?: Promise<void>,
) {
  await page.route(
    (url) => url.pathname === '/api/enquiries' || url.pathname.startsWith('/api/enquiries/'),
    async (route: Route) => {
      const url = new URL(route.request().url());
      if (route.request().method() === 'DELETE') {
        const id = url.pathname.split('/').pop();
        enquiries.splice(
          enquiries.findIndex((item) => item['_id'] === id),
          1,
        );
        return route.fulfill({ status: 204 });
      }
      await hold;
      const pageNumber = Number(url.searchParams.get('page') ?? 1);
      const size = Number(url.searchParams.get('pageSize') ?? 10);
      return route.fulfill({
        json: enquiries.slice((pageNumber - 1) * size, pageNumber * size),
        headers: { 'X-Total-Count': String(enquiries.length) },
      });
    },
  );
}

const fakeEnquiry = (index: number) => ({
  ...enquiryBody(`Fake Person ${index}`),
  _id: `fake-${index}`,
  createdAt: new Date(Date.UTC(2026, 0, 31 - index)).toISOString(),
});

test.describe('enquiries panel', () => {
  test('loading, then rows; no pagination with 10 or fewer', async ({ page }) => {
    let release = () => {};
    const hold = new Promise<void>((resolve) => (release = resolve));
    await fakeEnquiries(
      page,
      Array.from({ length: 10 }, (_, index) => fakeEnquiry(index)),
      hold,
    );
    await page.goto('/login');
    await submitLogin(page);
    const panel = page.locator('section[aria-labelledby="enquiries-heading"]');
    await expect(panel.getByRole('heading', { name: 'Admin Enquiries Panel' })).toBeVisible();
    await expect(panel.getByRole('status')).toHaveText('Loading enquiries...');
    release();
    await expect(panel.locator('tbody tr')).toHaveCount(10);
    await expect(panel.getByRole('columnheader')).toHaveText([
      'Date',
      'Full Name',
      'Email',
      'Phone',
      'Type',
      'Capacity',
      'Timeline',
      'Status',
      'Actions',
    ]);
    await expect(panel.getByRole('navigation')).toHaveCount(0);
    await expect(panel.getByRole('button', { name: 'Next' })).toHaveCount(0);
  });

  test('empty list: "No enquiries found."; a failed load says why', async ({ page }) => {
    await fakeEnquiries(page, []);
    await logIn(page);
    const panel = page.locator('section[aria-labelledby="enquiries-heading"]');
    await expect(panel.getByText('No enquiries found.')).toBeVisible();
    await expect(panel.locator('table')).toHaveCount(0);

    await page.unroute(
      (url) => url.pathname === '/api/enquiries' || url.pathname.startsWith('/api/enquiries/'),
    );
    await page.route(
      (url) => url.pathname === '/api/enquiries',
      (route) => route.fulfill({ status: 500, json: { error: 'Internal error.' } }),
    );
    await logIn(page);
    await expect(panel.getByRole('alert')).toHaveText(
      'Failed to load enquiries. HTTP error! status: 500',
    );
  });

  test('deleting the only row of the last page moves to the page before', async ({ page }) => {
    const dialogs = acceptDialogs(page);
    await fakeEnquiries(
      page,
      Array.from({ length: 11 }, (_, index) => fakeEnquiry(index)),
    );
    await logIn(page);
    const panel = page.locator('section[aria-labelledby="enquiries-heading"]');
    await panel.getByRole('button', { name: 'Page 2', exact: true }).click();
    await expect(panel.getByRole('button', { name: 'Page 2', exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(panel.locator('tbody tr')).toHaveCount(1);
    await panel.getByRole('button', { name: /^Delete/ }).click();
    await expect(panel.locator('tbody tr')).toHaveCount(10);
    await expect(panel.getByRole('navigation')).toHaveCount(0);
    await expect(panel.getByRole('heading', { name: 'Admin Enquiries Panel' })).toBeFocused();
    expect(dialogs).toEqual([
      'Are you sure you want to delete this enquiry? This action cannot be undone.',
      'Enquiry deleted successfully!',
    ]);
  });

  test('real enquiries: pagination past 10, details modal, Escape, Close, delete', async ({
    page,
    request,
    seeder,
  }) => {
    // Twelve real submissions on a busy machine: more than the default 30 s.
    test.slow();
    const marker = unique('enquirer');
    await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        seeder.post('/api/enquiries', enquiryBody(`${marker} filler ${index}`)),
      ),
    );
    const individual = await seeder.post('/api/enquiries', enquiryBody(`${marker} individual`));
    await seeder.post(
      '/api/enquiries',
      enquiryBody(`${marker} institution`, {
        designation: '',
        emailAddress: 'hospital.admin@example.com',
        enquiryType: 'Institution / Business / Government',
        institutionName: 'Kochi General Hospital',
        institutionType: ['Healthcare', 'Others'],
        institutionTypeOther: 'Research campus',
        renewableEnergyUsed: 'Yes',
        renewableEnergySpecify: 'Rooftop solar',
        howHearAboutUs: 'Other',
        howHearAboutUsOther: 'A trade fair',
        monthlyElectricityBill: '',
      }),
    );
    const dialogs = acceptDialogs(page);
    await logIn(page);
    const panel = page.locator('section[aria-labelledby="enquiries-heading"]');
    const pager = panel.getByRole('navigation', { name: 'Enquiries pages' });
    await expect(pager.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await expect(pager.getByRole('button', { name: 'Page 1', exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(pager.getByRole('button', { name: 'Next' })).toBeEnabled();

    // Institution: its conditional fields, lists joined with commas, N/A for empty values.
    let row = await enquiryRow(page, `${marker} institution`);
    const view = row.getByRole('button', { name: /^View/ });
    await view.click();
    const modal = page.getByRole('dialog', { name: 'Enquiry Details' });
    await expect(modal).toBeVisible();
    const value = (label: string) =>
      modal.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('+ dd');
    await expect(value('Institution Name')).toHaveText('Kochi General Hospital');
    await expect(value('Institution Type')).toHaveText('Healthcare, Others');
    await expect(value('Other Institution Type')).toHaveText('Research campus');
    await expect(value('Specify RE Type')).toHaveText('Rooftop solar');
    await expect(value('Specify How Heard')).toHaveText('A trade fair');
    await expect(value('Designation')).toHaveText('N/A');
    await expect(value('Monthly Electricity Bill')).toHaveText('N/A');
    await expect(modal.getByRole('button', { name: 'Reply by Email' })).toHaveAttribute(
      'data-mailto',
      'mailto:hospital.admin@example.com',
    );
    await expect(modal.getByRole('button', { name: 'Close enquiry details' })).toBeFocused();
    expect(await axeViolations(page)).toEqual([]);

    // Focus stays inside while the dialog is open.
    for (let step = 0; step < 4; step += 1) await page.keyboard.press('Tab');
    expect(await modal.evaluate((dialog) => dialog.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Escape');
    await expect(modal).toBeHidden();
    await expect(view).toBeFocused();

    // Individual: no institution or detail fields; the Close button.
    await panel.getByRole('button', { name: 'Page 1', exact: true }).click();
    row = await enquiryRow(page, `${marker} individual`);
    await row.getByRole('button', { name: /^View/ }).click();
    for (const hidden of [
      'Institution Name',
      'Institution Type',
      'Other Institution Type',
      'Specify RE Type',
      'Specify How Heard',
    ]) {
      await expect(modal.locator('dt', { hasText: new RegExp(`^${hidden}$`) })).toHaveCount(0);
    }
    await expect(value('Renewable Energy Used')).toHaveText('No');
    await modal.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(modal).toBeHidden();
    await expect(row.getByRole('button', { name: /^View/ })).toBeFocused();

    // Delete: confirm, then the alert; the row is gone.
    await row.getByRole('button', { name: /^Delete/ }).click();
    await expect(panel.locator('tbody tr', { hasText: `${marker} individual` })).toHaveCount(0);
    expect(dialogs).toEqual([
      'Are you sure you want to delete this enquiry? This action cannot be undone.',
      'Enquiry deleted successfully!',
    ]);
    expect(
      await auditHas(request, { event: 'lead.deleted', target: `enquiries/${individual}` }),
    ).toBe(true);
  });

  test('the CSV export downloads with the token', async ({ page, request, seeder }) => {
    const { name: marker } = await seeder.enquiry('csv');
    await logIn(page);
    const since = Date.now();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download CSV of all enquiries' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^enquiries-\d{4}-\d{2}-\d{2}\.csv$/);
    const path = await file.path();
    const { readFile } = await import('node:fs/promises');
    const csv = await readFile(path, 'utf8');
    expect(csv).toContain('Full Name');
    expect(csv).toContain(marker);
    // Every export is one record whose target is the store; `since` tells this one apart.
    expect(await auditHas(request, { event: 'leads.exported', target: 'enquiries', since })).toBe(
      true,
    );
  });
});

test.describe('contact messages', () => {
  test('listed, read and deleted', async ({ page, request, seeder }) => {
    const name = unique('sender');
    const id = await seeder.post('/api/contact', {
      name,
      email: 'sender@example.com',
      message: 'Please call me back.',
    });
    const dialogs = acceptDialogs(page);
    await logIn(page, roomOf('messages').path);
    const panel = page.locator('section[aria-labelledby="messages-heading"]');
    const item = panel.getByRole('listitem').filter({ hasText: name });
    await expect(item).toHaveCount(1);
    await expect(item.getByText('Please call me back.')).toBeHidden();
    await item.getByRole('button', { name: /^View/ }).click();
    await expect(item.getByText('Please call me back.')).toBeVisible();
    await expect(item.getByRole('button', { name: /^Hide/ })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    await item.getByRole('button', { name: /^Delete/ }).click();
    await expect(item).toHaveCount(0);
    expect(dialogs).toEqual(['Delete this message? This action cannot be undone.']);
    expect(
      await auditHas(request, { event: 'lead.deleted', target: `contact-messages/${id}` }),
    ).toBe(true);
  });
});

test.describe('accessibility and small screens', () => {
  test('login and dashboard have no axe violations or CSP errors, one h1 each', async ({
    page,
  }) => {
    const csp = cspErrors(page);
    await page.goto('/login');
    await hydrated(page);
    await expect(page.locator('h1')).toHaveCount(1);
    expect(await axeViolations(page)).toEqual([]);

    await logIn(page);
    await expect(page.locator('h1')).toHaveCount(1);
    expect(await axeViolations(page)).toEqual([]);
    expect(csp).toEqual([]);
  });

  test('at 320 px the dashboard and the modal fit without sideways scrolling', async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 640 });
    await fakeEnquiries(page, [fakeEnquiry(1)]);
    await logIn(page);
    const overflow = () =>
      page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
    expect(await overflow()).toBeLessThanOrEqual(0);
    await page.locator('tbody').getByRole('button', { name: /^View/ }).click();
    const modal = page.getByRole('dialog', { name: 'Enquiry Details' });
    await expect(modal).toBeVisible();
    const box = await modal.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 320 && box.y + box.height <= 640).toBe(true);
    await expect(modal.getByRole('button', { name: 'Close', exact: true })).toBeInViewport();
    for (const button of await page.locator('.admin-btn:visible').all()) {
      const size = await button.boundingBox();
      expect(size && size.width >= 44 && size.height >= 44).toBe(true);
    }
  });
});

test.describe('unexpected faults', () => {
  test('a fault while rendering shows "Unexpected Application Error!", not a blank page', async ({
    page,
  }) => {
    // An answer no component expects: an announcement whose text is an object.
    await page.route('**/api/announcements', (route: Route) =>
      route.fulfill({ json: [{ _id: 'broken', text: { not: 'a string' }, link: '' }] }),
    );
    await page.route(/\/api\/(enquiries|contact-messages|applications)\?/, (route: Route) =>
      route.fulfill({ json: [], headers: { 'x-total-count': '0' } }),
    );
    // The frame's counts: unavailable, never a 401 that would end the made-up session first.
    await page.route(/\/api\/(outbox|backup|held)(\?|$)/, (route: Route) =>
      route.fulfill({ status: 503, json: { error: 'Unavailable.' } }),
    );
    await page.goto('/login');
    await page.evaluate(() => localStorage.setItem('token', 'aaa.bbb.ccc'));
    await page.goto('/admin');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Unexpected Application Error!' }),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'Reload the admin area' })).toHaveAttribute(
      'href',
      '/admin',
    );
  });
});
