/**
 * The contact form and the generator enquiry in Malayalam and Arabic, with JavaScript and
 * without: their words and messages in the page's language (src/i18n/forms), the server's field
 * errors in the language the form was posted in, each language's thank-you page, and each record
 * keeping its language.
 */
import { test, expect, type Locator, type Page } from '@playwright/test';
import { heldSubmissions, storedLeads } from './lead-forms-support';
import { axeViolations, waitForSplash } from './support';
import { TRANSLATED_LOCALES } from '../../src/i18n/locales';
import { formText } from '../../src/i18n/forms';

for (const locale of TRANSLATED_LOCALES) {
  const text = formText(locale);
  const { labels, options } = text.enquiry;

  async function openContactForm(page: Page, path = `/${locale}/about/`): Promise<Locator> {
    await page.goto(`${path}#contact-form`);
    const form = page.locator('#contact-form form');
    await form.scrollIntoViewIfNeeded();
    await expect(form).toHaveAttribute('novalidate', '');
    return form;
  }

  test.describe(`${locale}: the contact form`, () => {
    test('asks, and refuses, in the page language', async ({ page }) => {
      const form = await openContactForm(page);
      await form.getByRole('button', { name: text.contact.send }).click();
      await expect(form.getByText(text.validation.required)).toHaveCount(3);
      await expect(form.getByLabel(text.contact.labels.name)).toBeFocused();
      await form.getByLabel(text.contact.labels.email).fill('not-an-address');
      await form.getByRole('button', { name: text.contact.send }).click();
      await expect(form.getByText(text.validation.email)).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
    });

    test("shows the server's field error in the page language", async ({ page }) => {
      const form = await openContactForm(page);
      // The browser's rules pass; on its way the post loses its name, which the server refuses.
      await page.route('**/api/contact', async (route) => {
        const body = JSON.parse(route.request().postData() ?? '{}') as Record<string, unknown>;
        await route.continue({ postData: JSON.stringify({ ...body, name: '' }) });
      });
      await form.getByLabel(text.contact.labels.email).fill('visitor@example.org');
      await form.getByLabel(text.contact.labels.name).fill('Ravi');
      await form.getByLabel(text.contact.labels.message).fill('Server-side check.');
      await form.getByRole('button', { name: text.contact.send }).click();
      await expect(form.getByText(text.validation.required)).toBeVisible();
      await expect(form.getByLabel(text.contact.labels.name)).toHaveValue('Ravi');
    });

    test('without JavaScript, posts, lands on the thank-you page in its language and is held for review', async ({
      browser,
      request,
    }) => {
      const context = await browser.newContext({ javaScriptEnabled: false });
      const page = await context.newPage();
      await page.goto(`/${locale}/terms-conditions/`);
      const form = page.locator('#contact-form form');
      const marker = `E2E ${locale} no-JS ${Date.now()} ${test.info().project.name}`;
      await form.getByLabel(text.contact.labels.email).fill('nojs@example.org');
      await form.getByLabel(text.contact.labels.name).fill('No Script');
      await form.getByLabel(text.contact.labels.message).fill(marker);
      await form.getByRole('button', { name: text.contact.send }).click();
      await expect(page).toHaveURL(new RegExp(`/${locale}/thank-you/`));
      await expect(page.locator('h1')).toHaveText(text.thankYou.title);
      await expect(page.locator('html')).toHaveAttribute('dir', locale === 'ar' ? 'rtl' : 'ltr');
      await context.close();

      // No proof of work without JavaScript: held in its language, never lost.
      const held = await heldSubmissions(request, ({ fields }) => fields['message'] === marker);
      expect(
        held.found.map(({ lang, reasons }) => [lang, reasons.map(({ rule }) => rule)]),
      ).toEqual([[locale, ['unverified']]]);
      await held.remove();
    });

    test('a refused plain post comes back to the form in its language', async ({
      page,
      baseURL,
    }) => {
      // What a browser without JavaScript posts: the server answers 303 back to the form.
      const response = await page.request.post('/api/contact', {
        form: { lang: locale, email: 'not-an-address', name: 'Ravi', message: 'Hello' },
        headers: { Referer: new URL(`/${locale}/about/`, baseURL).href },
        maxRedirects: 0,
      });
      expect(response.status()).toBe(303);
      const location = response.headers()['location'] ?? '';
      expect(location).toMatch(new RegExp(`^/${locale}/about/\\?error=`));
      await page.goto(location);
      const form = page.locator('#contact-form form');
      await form.scrollIntoViewIfNeeded();
      await expect(form.getByText(text.validation.recheck)).toBeVisible();
    });
  });

  test.describe(`${locale}: the generator enquiry`, () => {
    async function openWizard(page: Page): Promise<Locator> {
      await page.goto(`/${locale}/renewable-energy/#enquiry`);
      await waitForSplash(page);
      const form = page.locator('#enquiry-form');
      await form.scrollIntoViewIfNeeded();
      await expect(form).toHaveAttribute('novalidate', '');
      return form;
    }
    const next = (form: Locator) => form.getByRole('button', { name: text.enquiry.next }).click();

    test('validates each step in the page language, is sent and keeps its language', async ({
      page,
      request,
    }) => {
      const form = await openWizard(page);
      await next(form);
      await expect(form.getByText(text.validation.required).first()).toBeVisible();
      await expect(form.getByLabel(labels.fullName)).toBeFocused();

      const name = `E2E ${locale} wizard ${Date.now()} ${test.info().project.name}`;
      await form.getByLabel(labels.fullName).fill(name);
      await form.getByLabel(labels.emailAddress).fill('facilities@school.example');
      await form.getByLabel(labels.phoneNumber).fill('9876543210');
      await form.getByLabel(labels.country).fill('India');
      await form.getByLabel(labels.stateProvince).fill('Kerala');
      await form.getByLabel(labels.cityTownVillage).fill('Thrissur');
      await next(form);
      await form.getByLabel(options.Individual, { exact: true }).check();
      await next(form);
      await form.getByLabel(labels.purposeOfUse).selectOption('Backup Power');
      await form.getByLabel(labels.generatorCapacity).selectOption('10 kWh - 50 kWh');
      await form.locator('#enquiry-renewableEnergyUsed').getByLabel(options.No).check();
      await next(form);
      await form.getByLabel(labels.installationSiteLocation).selectOption('Rooftop');
      await form.locator('#enquiry-spaceAvailable').getByLabel(options.Yes).check();
      await form.getByLabel(labels.preferredTimeline).selectOption('1-3 months');
      await form.getByRole('button', { name: text.enquiry.submit }).click();
      await expect(page.getByText(text.enquiry.sent)).toBeVisible();

      const stored = await storedLeads<{ _id: string; fullName: string; lang: string }>(
        request,
        '/api/enquiries',
        (record) => record.fullName === name,
      );
      expect(stored.found.map((record) => record.lang)).toEqual([locale]);
      await stored.remove();
    });

    test('without JavaScript it is one long form in the page language', async ({ browser }) => {
      const context = await browser.newContext({ javaScriptEnabled: false });
      const page = await context.newPage();
      await page.goto(`/${locale}/renewable-energy/`);
      const form = page.locator('#enquiry-form');
      await expect(form.getByLabel(labels.fullName)).toBeVisible();
      await expect(form.getByLabel(labels.preferredTimeline)).toBeVisible();
      await expect(form.locator('input[name="lang"]')).toHaveValue(locale);
      await expect(form.getByRole('button', { name: text.enquiry.submit })).toHaveCount(1);
      await context.close();
    });
  });
}
