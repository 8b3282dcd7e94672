/**
 * Nothing typed before a form's script takes over is lost: the enquiry wizard, the login form and
 * the contact form are held back here (their script is answered only when the test says so),
 * typed into, pressed, then let go.
 */
import { test, expect as baseExpect, type Locator, type Page } from '@playwright/test';
import { credentials, unique } from './admin-support';

/** Hydration after a held script is let go takes seconds on a busy 2-core machine. */
const expect = baseExpect.configure({ timeout: 15_000 });

/**
 * Holds every request for the script `pattern` names until `release` is called: the page runs
 * as on a slow phone, its form in the server's HTML, for as long as the test needs.
 */
async function holdScript(page: Page, pattern: string): Promise<() => void> {
  let release = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route(pattern, async (route) => {
    await gate;
    await route.continue();
  });
  return release;
}

const height = (form: Locator) =>
  form.evaluate((element) => element.getBoundingClientRect().height);

/** The wizard as the server sent it, on screen, with its script held. */
async function heldWizard(page: Page): Promise<{ form: Locator; release: () => void }> {
  const release = await holdScript(page, '**/_astro/EnquiryWizard*.js');
  await page.goto('/renewable-energy');
  const form = page.locator('#enquiry-form');
  await form.scrollIntoViewIfNeeded();
  await expect(form).not.toHaveAttribute('data-hydrated');
  return { form, release };
}

const hydrated = (root: Locator) => expect(root).toHaveAttribute('data-hydrated', '');

test.describe('the enquiry wizard before hydration', () => {
  test('what is typed before hydration stays, in the fields and in the wizard, and the form keeps its height', async ({
    page,
  }) => {
    const { form, release } = await heldWizard(page);
    const before = await height(form);
    await form.getByLabel('Email Address').fill('facilities@school.example');
    await form.getByLabel('Full Name').fill('Early');
    release();
    await hydrated(form);
    await expect(form.getByLabel('Full Name')).toHaveValue('Early');
    await expect(form.getByLabel('Email Address')).toHaveValue('facilities@school.example');
    expect(Math.abs((await height(form)) - before)).toBeLessThan(1);
    // The focus and the caret stayed: typing goes on where it stopped.
    await expect(form.getByLabel('Full Name')).toBeFocused();
    await page.keyboard.type(' Bird');
    await expect(form.getByLabel('Full Name')).toHaveValue('Early Bird');
    // The wizard holds them too: Next asks only for the four fields still empty.
    await form.getByRole('button', { name: 'Next' }).click();
    await expect(form.getByText('This field is required.')).toHaveCount(4);
    await expect(form.getByLabel('Phone Number')).toBeFocused();
  });

  test('a field typed before hydration wins over the draft of an earlier visit; the draft fills the rest', async ({
    page,
  }) => {
    await page.goto('/renewable-energy');
    const first = page.locator('#enquiry-form');
    await first.scrollIntoViewIfNeeded();
    await hydrated(first);
    await first.getByLabel('Full Name').fill('Old Name');
    await first.getByLabel('City / Town / Village').fill('Thrissur');
    await expect
      .poll(() => page.evaluate(() => sessionStorage.getItem('enquiry-draft') ?? ''))
      .toContain('Thrissur');

    const { form, release } = await heldWizard(page);
    await form.getByLabel('Full Name').fill('New Name');
    release();
    await hydrated(form);
    await expect(form.getByLabel('Full Name')).toHaveValue('New Name');
    await expect(form.getByLabel('City / Town / Village')).toHaveValue('Thrissur');
    await expect
      .poll(() => page.evaluate(() => sessionStorage.getItem('enquiry-draft') ?? ''))
      .toContain('New Name');
  });

  test('Next pressed before hydration waits for it, then goes on; nothing is posted', async ({
    page,
  }) => {
    const posts: string[] = [];
    page.on('request', (request) => {
      // Visit counts (the beacon, the wizard's steps) are not the form's posts.
      if (request.method() === 'POST' && !request.url().endsWith('/api/pageview'))
        posts.push(request.url());
    });
    const { form, release } = await heldWizard(page);
    await form.getByLabel('Full Name').fill('E2E Early Next');
    await form.getByLabel('Email Address').fill('facilities@school.example');
    await form.getByLabel('Phone Number').fill('9876543210');
    await form.getByLabel('Country').fill('India');
    await form.getByLabel('State / Province').fill('Kerala');
    await form.getByLabel('City / Town / Village').fill('Thrissur');
    await form.getByRole('button', { name: 'Next' }).click();
    await expect(form).toHaveAttribute('data-submit-held', '');
    await expect(form.locator('[aria-current="step"]')).toContainText('Step 1');
    release();
    await hydrated(form);
    await expect(form.locator('[aria-current="step"]')).toContainText('Step 2');
    await expect(form).not.toHaveAttribute('data-submit-held');
    expect(posts).toEqual([]);
  });

  test('choices set before hydration (autofill, an extension) are adopted: radio buttons, checkboxes, selects', async ({
    page,
  }) => {
    const { form, release } = await heldWizard(page);
    await form.evaluate((element: HTMLFormElement) => {
      const set = (name: string, value: string) => {
        const control = element.elements.namedItem(name);
        if (control instanceof RadioNodeList) {
          for (const box of control)
            if ((box as HTMLInputElement).value === value) (box as HTMLInputElement).checked = true;
        } else if (control) (control as HTMLInputElement | HTMLSelectElement).value = value;
      };
      set('fullName', 'E2E Autofilled');
      set('emailAddress', 'facilities@school.example');
      set('phoneNumber', '9876543210');
      set('country', 'India');
      set('stateProvince', 'Kerala');
      set('cityTownVillage', 'Thrissur');
      set('enquiryType', 'Institution / Business / Government');
      set('institutionName', 'Model School');
      set('institutionType', 'Educational');
      set('institutionType', 'Healthcare');
      set('purposeOfUse', 'Backup Power');
      set('generatorCapacity', '10 kWh - 50 kWh');
      set('renewableEnergyUsed', 'No');
    });
    release();
    await hydrated(form);
    const next = form.getByRole('button', { name: 'Next' });
    await next.click();
    await expect(form.locator('[aria-current="step"]')).toContainText('Step 2');
    await expect(form.getByLabel('Institution / Business / Government')).toBeChecked();
    await expect(form.getByLabel('Institution Name')).toHaveValue('Model School');
    await expect(form.getByLabel('Educational')).toBeChecked();
    await expect(form.getByLabel('Healthcare')).toBeChecked();
    await expect(form.getByLabel('Commercial')).not.toBeChecked();
    await next.click();
    await expect(form.locator('[aria-current="step"]')).toContainText('Step 3');
    await expect(form.getByLabel('Purpose of Use')).toHaveValue('Backup Power');
    await expect(form.locator('#enquiry-renewableEnergyUsed').getByLabel('No')).toBeChecked();
    await next.click();
    await expect(form.locator('[aria-current="step"]')).toContainText('Step 4');
  });
});

test('the login form: typed and sent before its script, it waits, keeps both fields and signs in', async ({
  page,
}) => {
  const release = await holdScript(page, '**/_astro/LoginForm*.js');
  await page.goto('/login');
  const box = page.locator('.admin-login');
  await expect(box).not.toHaveAttribute('data-hydrated');
  // A mark on this page: a reload (a plain post of the form) would lose it.
  await page.evaluate(() => ((window as unknown as { mark: boolean }).mark = true));
  await page.getByLabel('Username').fill(credentials.username);
  await page.getByLabel('Password').fill(credentials.password);
  await page.getByLabel('Password').press('Enter');
  await expect(box).toHaveAttribute('data-submit-held', '');

  const passwordStep = page.waitForRequest(
    (request) => new URL(request.url()).pathname === '/api/login' && request.method() === 'POST',
  );
  release();
  await hydrated(box);
  expect(await page.evaluate(() => (window as unknown as { mark?: boolean }).mark)).toBe(true);
  // The held press goes on with what was typed: the password step, then the second step.
  const sent = await passwordStep;
  expect(sent.postDataJSON()).toMatchObject(credentials);
  // The second step: a passkey to use, or (on a fresh site) one to create.
  await expect(
    page.getByRole('heading', { level: 2, name: /Confirm it's you|Create a passkey/ }),
  ).toBeVisible();
});

test('the contact form: a field typed before its script wins over an earlier draft', async ({
  page,
}) => {
  await page.goto('/about');
  const first = page.locator('form[data-contact-form]');
  const name = unique('contact');
  await first.getByLabel('Message', { exact: true }).fill('Kept from the draft');
  await first.getByLabel('Name', { exact: true }).fill('Old Name');
  await expect
    .poll(() => page.evaluate(() => JSON.stringify(sessionStorage)))
    .toContain('Old Name');

  const release = await holdScript(page, '**/_astro/contact-form-enhance*.js');
  await page.goto('/about');
  const form = page.locator('form[data-contact-form]');
  await form.getByLabel('Name', { exact: true }).fill(name);
  release();
  await expect(form.getByLabel('Message', { exact: true })).toHaveValue('Kept from the draft');
  await expect(form.getByLabel('Name', { exact: true })).toHaveValue(name);
  await expect.poll(() => page.evaluate(() => JSON.stringify(sessionStorage))).toContain(name);
});
