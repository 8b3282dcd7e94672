/**
 * The admin as an application (issue 36): its own frame (no public header or footer), one room
 * per task at its own address, a navigation with counts, the dashboard's "needs attention" line,
 * moving between rooms without signing out, and the session's rules (guard, inactivity, Logout)
 * the same in every room. Each room is screenshot at the project's width (/tmp/admin-room-*.png).
 */
import type { Page } from '@playwright/test';
import { ROOMS, roomOf } from '../../src/admin/rooms/index.ts';
import { SIGNED_OUT_TEXT } from '../../src/admin/display/sign-in.ts';
import {
  expect,
  hydrated,
  logIn,
  openRoom,
  reloadAndLogIn,
  settled,
  submitLogin,
  test,
} from './admin-support';
import { axeViolations } from './support';

test.describe.configure({ timeout: 90_000 });

const storedToken = (page: Page) => page.evaluate(() => localStorage.getItem('token'));
const nav = (page: Page) => page.getByRole('navigation', { name: 'Admin' });
const roomLink = (page: Page, label: string) =>
  nav(page).getByRole('link', { name: new RegExp(`^${label}(,|$)`) });
const isPhone = (page: Page) => (page.viewportSize()?.width ?? 0) <= 768;

for (const room of ROOMS)
  test(`${room.path}: its own address, the admin frame and no public chrome; axe clean`, async ({
    page,
  }) => {
    await logIn(page, room.path);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(room.title);
    // The public site's header, menu and footer are not there: only a way back to it.
    await expect(page.getByRole('contentinfo')).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Business' })).toHaveCount(0);
    // One Logout, and the signed-in state, in view whatever the scroll.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect(page.getByRole('button', { name: 'Logout' })).toHaveCount(1);
    await expect(page.getByRole('button', { name: 'Logout' })).toBeInViewport();
    await expect(page.getByText('Signed in as administrator')).toBeInViewport();
    await page.evaluate(() => window.scrollTo(0, 0));
    if (isPhone(page)) await page.getByRole('button', { name: 'Menu' }).click();
    await expect(roomLink(page, room.label)).toHaveAttribute('aria-current', 'page');
    await expect(nav(page).getByRole('link', { name: 'View the public site' })).toHaveAttribute(
      'href',
      '/',
    );
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({
      path: `/tmp/admin-room-${room.slug}-${page.viewportSize()?.width}.png`,
      fullPage: true,
    });
  });

test('rooms change without leaving the page: the room takes the focus; back and forward work', async ({
  page,
}) => {
  await logIn(page);
  await openRoom(page, 'messages');
  await expect(page.getByRole('main', { name: 'Messages' })).toBeFocused();
  await expect(page).toHaveTitle(`Messages · Admin`);
  await openRoom(page, 'audit');
  await page.goBack();
  await expect(page).toHaveURL((url) => url.pathname === roomOf('messages').path);
  await expect(page.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL((url) => url.pathname === '/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Admin!' })).toBeVisible();
  await page.goForward();
  await expect(page.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible();
  expect(await storedToken(page)).toBeTruthy();
});

test('a bookmark of a room goes through the login and back to it; so does a reload', async ({
  page,
}) => {
  const security = roomOf('security');
  await page.goto(security.path);
  await expect(page).toHaveURL(`/login?from=${encodeURIComponent(security.path)}`);
  await hydrated(page);
  await submitLogin(page);
  await expect(page).toHaveURL((url) => url.pathname === security.path);
  await expect(page.getByRole('heading', { level: 1, name: security.title })).toBeVisible();
  await reloadAndLogIn(page);
  await expect(page).toHaveURL((url) => url.pathname === security.path);
});

test('the navigation counts new leads; the attention line links to the room concerned', async ({
  page,
  seeder,
}) => {
  await seeder.enquiry('rooms count');
  await seeder.post('/api/contact', {
    name: 'Rooms count sender',
    email: 'rooms.count@example.com',
    message: 'Please send me your brochure.',
  });
  await logIn(page);
  if (isPhone(page)) await page.getByRole('button', { name: 'Menu' }).click();
  await expect(roomLink(page, 'Dashboard')).toHaveAccessibleName(/^Dashboard, \d+ new$/);
  await expect(roomLink(page, 'Messages')).toHaveAccessibleName(/^Messages, \d+ new$/);
  if (isPhone(page)) await page.keyboard.press('Escape');

  const attention = page.locator('.admin-attention');
  await expect(attention).toContainText('Needs attention today:');
  await attention.getByRole('link', { name: /unread messages?$/ }).click();
  await expect(page).toHaveURL((url) => url.pathname === roomOf('messages').path);
  await expect(page.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible();
  expect(await storedToken(page)).toBeTruthy();
});

test('on a phone the navigation is behind Menu, which Escape closes', async ({ page }) => {
  test.skip(test.info().project.name !== 'mobile', 'the Menu button is for narrow screens');
  await logIn(page);
  const menu = page.getByRole('button', { name: 'Menu' });
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  await expect(nav(page)).toBeHidden();
  await menu.click();
  await expect(menu).toHaveAttribute('aria-expanded', 'true');
  await expect(roomLink(page, 'Audit log')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(nav(page)).toBeHidden();
  await expect(menu).toBeFocused();
  // Going to a room closes the menu.
  await openRoom(page, 'mail');
  await expect(nav(page)).toBeHidden();
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
});

test('in any room: the inactivity warning, then the logout and its reason on the login page', async ({
  page,
}) => {
  await page.clock.install();
  await logIn(page, roomOf('audit').path);
  await page.clock.runFor(290_000);
  const warning = page.getByRole('alertdialog');
  await expect(warning).toContainText('logged out in 20 seconds');
  await page.clock.runFor(11_000);
  await expect(page).toHaveURL(/\/login\/?$/);
  expect(await storedToken(page)).toBeNull();
  await expect(page.getByRole('status').filter({ hasText: 'signed out' })).toHaveText(
    SIGNED_OUT_TEXT.idle,
  );
});

test('Logout in a room signs out and says so on the login page', async ({ page }) => {
  await logIn(page, roomOf('mail').path);
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login\/?$/);
  expect(await storedToken(page)).toBeNull();
  await expect(page.getByRole('status').filter({ hasText: 'signed out' })).toHaveText(
    SIGNED_OUT_TEXT.manual,
  );
});

test('keyboard only: from the skip link through the bar and the navigation into every room', async ({
  page,
}) => {
  test.skip(test.info().project.name !== 'desktop', 'the phone layout is walked behind Menu above');
  // A sign-in and some sixty key presses through five rooms: 22 s on a busy machine, 45 s under
  // a full parallel run, so it gets the time of its length.
  test.slow();
  await logIn(page);
  /**
   * Presses Tab (or Shift+Tab, back from a room to the navigation before it) until `target` has
   * the focus, at most 40 times; its focus ring shows.
   */
  const tabTo = async (target: ReturnType<Page['locator']>, key = 'Tab') => {
    for (let step = 0; step < 40; step += 1) {
      if (await target.evaluate((element) => element === document.activeElement)) break;
      await page.keyboard.press(key);
    }
    await expect(target).toBeFocused();
    expect(
      await target.evaluate((element) => getComputedStyle(element).outlineStyle !== 'none'),
    ).toBe(true);
  };
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
  await tabTo(page.getByRole('button', { name: 'Logout' }));
  for (const [index, room] of ROOMS.filter(({ slug }) => slug !== 'dashboard').entries()) {
    await tabTo(roomLink(page, room.label), index === 0 ? 'Tab' : 'Shift+Tab');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL((url) => url.pathname === room.path);
    await expect(page.getByRole('main', { name: room.title })).toBeFocused();
    // On from there, once the room has loaded: its own controls (where it has any), not the
    // navigation again.
    await expect(page.locator('main').getByText('Loading…', { exact: true })).toHaveCount(0);
    await settled(page);
    const controls = await page
      .locator('main')
      .evaluate((main) =>
        [...main.querySelectorAll('a[href], button:not([disabled]), input, select, textarea')].some(
          (element) => element.checkVisibility(),
        ),
      );
    if (!controls) continue;
    await page.keyboard.press('Tab');
    const focused = page.locator(':focus');
    await expect(focused).toHaveCount(1);
    expect(await focused.evaluate((element) => element.closest('main') !== null)).toBe(true);
  }
  expect(await storedToken(page)).toBeTruthy();
});
