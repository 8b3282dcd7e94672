import { test, expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { UUID, recordPosts, storedLeads } from './lead-forms-support';
import { axeViolations } from './support';

async function openWizard(page: Page): Promise<Locator> {
  await page.goto('/renewable-energy#enquiry');
  const form = page.locator('#enquiry-form');
  await form.scrollIntoViewIfNeeded();
  await expect(form).toHaveAttribute('novalidate', '');
  return form;
}

async function fillContact(form: Locator, name: string) {
  await form.getByLabel('Full Name').fill(name);
  await form.getByLabel('Email Address').fill('facilities@school.example');
  await form.getByLabel('Phone Number').fill('9876543210');
  await form.getByLabel('Country').fill('India');
  await form.getByLabel('State / Province').fill('Kerala');
  await form.getByLabel('City / Town / Village').fill('Thrissur');
}

const next = (form: Locator) => form.getByRole('button', { name: 'Next' }).click();

/** An individual's answers to steps 3 and 4. */
interface Answers {
  purposeOfUse: string;
  generatorCapacity: string;
  installationSiteLocation: string;
  spaceAvailable: string;
  preferredTimeline: string;
}

const TYPICAL: Answers = {
  purposeOfUse: 'Backup Power',
  generatorCapacity: '10 kWh - 50 kWh',
  installationSiteLocation: 'Rooftop',
  spaceAvailable: 'Yes',
  preferredTimeline: '1-3 months',
};

/** From a filled step 1, answers an individual's steps 2 to 4, ending on step 4 ready to submit. */
async function answerAsIndividual(form: Locator, answers: Answers = TYPICAL) {
  await next(form);
  await form.getByLabel('Individual').check();
  await next(form);
  await form.getByLabel('Purpose of Use').selectOption(answers.purposeOfUse);
  await form.getByLabel('Generator Capacity').selectOption(answers.generatorCapacity);
  await form.locator('#enquiry-renewableEnergyUsed').getByLabel('No').check();
  await next(form);
  await form
    .getByLabel('Installation Site Location')
    .selectOption(answers.installationSiteLocation);
  await form.locator('#enquiry-spaceAvailable').getByLabel(answers.spaceAvailable).check();
  await form.getByLabel('Preferred Timeline').selectOption(answers.preferredTimeline);
}

/** The stored enquiries from `fullName`, and a function that deletes them. */
const storedEnquiries = (request: APIRequestContext, fullName: string) =>
  storedLeads<{ _id: string; fullName: string }>(
    request,
    '/api/enquiries',
    (enquiry) => enquiry.fullName === fullName,
  );

test('each step validates on Next, with the spec messages and the focus on the first error', async ({
  page,
}) => {
  const form = await openWizard(page);
  await expect(form.locator('[aria-current="step"]')).toContainText('Step 1');
  // No Back on the first step (not a greyed one): nothing to go back to.
  await expect(form.getByRole('button', { name: 'Back' })).toHaveCount(0);

  await next(form);
  await expect(form.getByText('This field is required.')).toHaveCount(6);
  await expect(form.getByLabel('Full Name')).toBeFocused();
  expect(await axeViolations(page)).toEqual([]);

  await fillContact(form, 'E2E Validation');
  await form.getByLabel('Email Address').fill('bad@address');
  await form.getByLabel('Phone Number').fill('12345');
  await next(form);
  await expect(form.getByText('Invalid email format.')).toBeVisible();
  await expect(form.getByText('Phone number must be at least 10 digits.')).toBeVisible();
  await form.getByLabel('Email Address').fill('a@b.co');
  await expect(form.getByText('Invalid email format.')).toHaveCount(0);
  await form.getByLabel('Phone Number').fill('9876543210');
  await next(form);

  await expect(form.locator('[aria-current="step"]')).toContainText('Step 2');
  await next(form);
  await expect(form.getByText('Please select an enquiry type.')).toBeVisible();
  await expect(form.getByLabel('Institution Name')).toHaveCount(0);
  await form.getByLabel('Institution / Business / Government').check();
  await next(form);
  await expect(form.getByText('Institution name is required.')).toBeVisible();
  await expect(form.getByText('Please select at least one institution type.')).toBeVisible();
  await form.getByLabel('Institution Name').fill('Government HSS');
  await form.getByLabel('Educational').check();
  await form.getByLabel('Others').check();
  await next(form);
  await expect(form.getByText('Please specify.')).toBeVisible();
  await form.getByLabel('Others').uncheck();
  await expect(form.getByLabel('Please specify')).toHaveCount(0);
  await next(form);

  await expect(form.locator('[aria-current="step"]')).toContainText('Step 3');
  await next(form);
  for (const message of [
    'Please select purpose of use.',
    'Please select generator capacity.',
    'Please specify if renewable energy is currently used.',
  ]) {
    await expect(form.getByText(message)).toBeVisible();
  }
  await form.locator('#enquiry-renewableEnergyUsed').getByLabel('Yes').check();
  await next(form);
  await expect(form.getByText('Please specify the type of renewable energy.')).toBeVisible();

  // Back keeps what was typed.
  await form.getByRole('button', { name: 'Back' }).click();
  await expect(form.getByLabel('Institution Name')).toHaveValue('Government HSS');
  await expect(form.getByLabel('Educational')).toBeChecked();
});

test('a complete enquiry is sent, stored, confirmed, and the form starts again', async ({
  page,
  request,
}) => {
  const form = await openWizard(page);
  const name = `E2E Enquiry ${Date.now()} ${test.info().project.name}`;
  await fillContact(form, name);
  await next(form);
  await form.getByLabel('Individual').check();
  await next(form);
  await form.getByLabel('Purpose of Use').selectOption('Backup Power');
  await form.getByLabel('Generator Capacity').selectOption('10 kWh - 50 kWh');
  await form.getByLabel('Monthly Electricity Bill').fill('4500');
  await form.locator('#enquiry-renewableEnergyUsed').getByLabel('No').check();
  await next(form);
  await expect(form.locator('[aria-current="step"]')).toContainText('Step 4');
  await form.getByRole('button', { name: 'Submit Enquiry' }).click();
  for (const message of [
    'Please specify installation site location.',
    'Please specify if space is available.',
    'Please select preferred timeline.',
  ]) {
    await expect(form.getByText(message)).toBeVisible();
  }
  await expect(form.getByRole('alert')).toHaveText(
    'There was an error submitting your enquiry. Please correct the highlighted fields and try again.',
  );
  await form.getByLabel('Installation Site Location').selectOption('Rooftop');
  await form.locator('#enquiry-spaceAvailable').getByLabel('Yes').check();
  await form.getByLabel('Preferred Timeline').selectOption('1-3 months');
  await form.getByLabel('Additional Comments').fill('Three-storey school block.');

  await page.route('**/api/enquiries', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 400));
    await route.continue();
  });
  await form.getByRole('button', { name: 'Submit Enquiry' }).click();
  await expect(page.getByRole('button', { name: 'Submitting...' })).toBeDisabled();
  await expect(page.getByText('Enquiry Sent!')).toBeVisible();
  await expect(page.getByText('We will get back to you shortly.')).toBeVisible();
  // The reference the acknowledgement e-mail quotes, and when a reply comes (its words too).
  const done = page.locator('.wizard--done');
  await expect(done.locator('[data-reference]')).toHaveText(/^[0-9A-Z]{4}-[0-9A-Z]{4}$/);
  await expect(done).toContainText('Your reference:');
  await expect(done).toContainText('One of our engineers will reply within one working day');
  // The e2e server sends no e-mail (no SMTP_HOST): nothing was acknowledged, so nothing says so.
  await expect(done.getByText('We have e-mailed an acknowledgement')).toHaveCount(0);
  expect(await axeViolations(page)).toEqual([]);

  await page.getByRole('button', { name: 'Submit another enquiry' }).click();
  const again = page.locator('#enquiry-form');
  await expect(again.locator('[aria-current="step"]')).toContainText('Step 1');
  await expect(again.getByLabel('Full Name')).toHaveValue('');

  const sent = await storedEnquiries(request, name);
  const [stored] = sent.found;
  expect(stored).toMatchObject({
    enquiryType: 'Individual',
    generatorCapacity: '10 kWh - 50 kWh',
    monthlyElectricityBill: '4500',
    installationSiteLocation: 'Rooftop',
    institutionType: [],
  });
  await sent.remove();
});

test('what was typed survives a reload, and a failed send keeps it', async ({ page }) => {
  const form = await openWizard(page);
  await fillContact(form, 'E2E Draft');
  await next(form);
  await page.reload();
  const again = await openWizard(page);
  // It reopens at the step the visitor was on, with every answer.
  await expect(again.locator('[aria-current="step"]')).toContainText('Step 2');
  await expect(again.getByLabel('Individual')).toBeVisible();
  await again.getByRole('button', { name: 'Back' }).click();
  await expect(again.getByLabel('Full Name')).toHaveValue('E2E Draft');
  await expect(again.getByLabel('City / Town / Village')).toHaveValue('Thrissur');

  await answerAsIndividual(again, {
    purposeOfUse: 'Other',
    generatorCapacity: 'Not sure / Need consultation',
    installationSiteLocation: 'Ground-mounted',
    spaceAvailable: 'Not sure',
    preferredTimeline: 'Just exploring / No fixed timeline',
  });
  await page.route('**/api/enquiries', (route) => route.abort());
  await again.getByRole('button', { name: 'Submit Enquiry' }).click();
  await expect(again.getByRole('alert')).toBeVisible();
  await expect(again.getByLabel('Preferred Timeline')).toHaveValue(
    'Just exploring / No fixed timeline',
  );
  await again.getByRole('button', { name: 'Back' }).click();
  await again.getByRole('button', { name: 'Back' }).click();
  await again.getByRole('button', { name: 'Back' }).click();
  await expect(again.getByLabel('Full Name')).toHaveValue('E2E Draft');
});

test('without JavaScript it is one long form with every field and one submit button', async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/renewable-energy');
  const form = page.locator('#enquiry-form');
  await expect(form.locator('fieldset.wizard__step')).toHaveCount(4);
  for (const label of ['Full Name', 'Institution Name', 'Purpose of Use', 'Preferred Timeline']) {
    await expect(form.getByLabel(label)).toBeVisible();
  }
  await expect(form.getByRole('button', { name: 'Submit Enquiry' })).toBeVisible();
  await expect(form.getByRole('button', { name: 'Next' })).toBeHidden();
  await context.close();
});

test('back from a refused plain post, the wizard opens the step at fault', async ({ page }) => {
  await page.goto('/renewable-energy?error=1&fields=purposeOfUse#enquiry');
  const form = page.locator('#enquiry-form');
  await form.scrollIntoViewIfNeeded();
  await expect(form.getByRole('alert')).toBeVisible();
  await expect(form.locator('[aria-current="step"]')).toContainText('Step 3');
  await expect(form.getByText('Please check this field.')).toBeVisible();
});

/** Fills every step of an individual's enquiry, ending on step 4 ready to submit. */
async function fillEnquiry(form: Locator, name: string) {
  await fillContact(form, name);
  await answerAsIndividual(form);
}

test('a lost connection keeps every answer; submitting again reuses the Idempotency-Key', async ({
  page,
  request,
}) => {
  const form = await openWizard(page);
  const name = `E2E Enquiry retry ${Date.now()} ${test.info().project.name}`;
  await fillEnquiry(form, name);
  const keys = await recordPosts(page, '/api/enquiries', (route, index) =>
    index === 0 ? route.abort('connectionreset') : route.continue(),
  );
  await form.getByRole('button', { name: 'Submit Enquiry' }).click();
  await expect(form.getByRole('alert')).toHaveText(
    'There was an error submitting your enquiry. Please correct the highlighted fields and try again.',
  );
  await expect(
    form.getByText('Your answers are kept: please submit the enquiry again'),
  ).toBeVisible();
  await expect(form.locator('[aria-current="step"]')).toContainText('Step 4');
  await expect(form.getByLabel('Preferred Timeline')).toHaveValue('1-3 months');
  await expect(form.getByLabel('Installation Site Location')).toHaveValue('Rooftop');

  await form.getByRole('button', { name: 'Submit Enquiry' }).click();
  await expect(page.getByText('Enquiry Sent!')).toBeVisible();
  expect(keys).toHaveLength(2);
  expect(keys[0]).toMatch(UUID);
  expect(keys[1]).toBe(keys[0]);

  const sent = await storedEnquiries(request, name);
  const stored = sent.found;
  expect(stored).toHaveLength(1);
  await sent.remove();
});

test('a 503 then an edited answer: the edited enquiry goes with a new Idempotency-Key', async ({
  page,
}) => {
  const form = await openWizard(page);
  await fillEnquiry(form, 'E2E Enquiry edited');
  const keys = await recordPosts(page, '/api/enquiries', (route) =>
    route.fulfill({ status: 503, json: { error: 'Storage is unavailable.' } }),
  );
  await form.getByRole('button', { name: 'Submit Enquiry' }).click();
  await expect(form.getByText('Your answers are kept')).toBeVisible();
  await form.getByRole('button', { name: 'Submit Enquiry' }).click();
  await expect.poll(() => keys.length).toBe(2);

  await form.getByLabel('Preferred Timeline').selectOption('3-6 months');
  await form.getByRole('button', { name: 'Submit Enquiry' }).click();
  await expect.poll(() => keys.length).toBe(3);
  expect(keys[0]).toMatch(UUID);
  expect(keys[1]).toBe(keys[0]);
  expect(keys[2]).toMatch(UUID);
  expect(keys[2]).not.toBe(keys[0]);
  await expect(form.getByLabel('Preferred Timeline')).toHaveValue('3-6 months');
  await expect(form.getByLabel('Installation Site Location')).toHaveValue('Rooftop');
});

test('a stored step that is no step reopens at the first, with what was typed', async ({
  page,
}) => {
  const form = await openWizard(page);
  await fillContact(form, 'E2E Resume');
  await answerAsIndividual(form);
  await expect(form.locator('[aria-current="step"]')).toContainText('Step 4');
  await page.evaluate(() => sessionStorage.setItem('enquiry-draft:step', '7x'));
  await page.reload();
  const again = await openWizard(page);
  await expect(again.locator('[aria-current="step"]')).toContainText('Step 1');
  await expect(again.getByLabel('Full Name')).toHaveValue('E2E Resume');
});

/** The server's 201 for an enquiry, mocked: `reference`, and an acknowledgement queued. */
const answerSent = (page: Page, reference: string) =>
  page.route('**/api/enquiries', (route) =>
    route.fulfill({
      status: 201,
      contentType: 'application/json',
      body: JSON.stringify({ _id: 'x', createdAt: '', reference, acknowledged: true }),
    }),
  );

test('the confirmation says an acknowledgement was e-mailed only when one was', async ({
  page,
}) => {
  await answerSent(page, 'AB12-CD34');
  const form = await openWizard(page);
  await fillContact(form, 'E2E Acknowledged');
  await answerAsIndividual(form);
  await form.getByRole('button', { name: 'Submit Enquiry' }).click();
  const done = page.locator('.wizard--done');
  await expect(done.getByText('Enquiry Sent!')).toBeVisible();
  await expect(done.locator('[data-reference]')).toHaveText('AB12-CD34');
  await expect(
    done.getByText('We have e-mailed an acknowledgement to the address you gave.'),
  ).toBeVisible();
});

test('in Arabic the confirmation gives the reference and what happens next in Arabic', async ({
  page,
}) => {
  await answerSent(page, 'ZZ99-0A0B');
  await page.goto('/ar/renewable-energy/#enquiry');
  // A visitor's draft of every answer, left on the last step: the reload reopens there.
  await page.evaluate(() => {
    const values = {
      fullName: 'E2E عربي',
      emailAddress: 'facilities@school.example',
      phoneNumber: '9876543210',
      country: 'India',
      stateProvince: 'Kerala',
      cityTownVillage: 'Thrissur',
      enquiryType: 'Individual',
      purposeOfUse: 'Backup Power',
      generatorCapacity: '10 kWh - 50 kWh',
      renewableEnergyUsed: 'No',
      installationSiteLocation: 'Rooftop',
      spaceAvailable: 'Yes',
      preferredTimeline: '1-3 months',
    };
    sessionStorage.setItem('enquiry-draft:ar', JSON.stringify({ values }));
    sessionStorage.setItem('enquiry-draft:ar:step', '3');
  });
  await page.reload();
  const form = page.locator('#enquiry-form');
  await expect(form).toHaveAttribute('novalidate', '');
  await expect(form).toHaveAttribute('data-current-step', '3');
  await form.locator('.wizard__submit').click();
  const done = page.locator('.wizard--done');
  await expect(done.locator('[data-reference]')).toHaveText('ZZ99-0A0B');
  await expect(done).toContainText('رقمكم المرجعي:');
  await expect(done).toContainText('سيتواصل معكم أحد مهندسينا خلال يوم عمل واحد');
  await expect(done).toContainText('أرسلنا رسالة تأكيد');
});
