/**
 * Issue 41 in the browser, in the three languages: the wizard takes a phone number and a monthly
 * bill as people write them (spaces, brackets, hyphens, a country code, the digits of their own
 * script), refuses a short number with the spec's message and a negative bill with its own, in
 * the page's language, and the office receives the numbers normalised.
 */
import { test, expect, type Locator, type Page } from '@playwright/test';
import { storedLeads } from './lead-forms-support';
import { waitForSplash } from './support';
import { formText } from '../../src/i18n/forms';
import type { Locale } from '../../src/i18n/locales';
import { inScript } from '../support/phone-cases';

interface Typed {
  /** A page of the wizard in the language. */
  path: string;
  /** The phone number as the visitor types it, and as it is stored. */
  phone: string;
  stored: string;
  /** Nine digits, with separators, in the same script: one too few. */
  short: string;
  /** A bill in the script the visitor uses (folded to "4500"), and a negative one. */
  bill: string;
  negative: string;
}

const ARABIC_INDIC = 0x0660;
const EASTERN_ARABIC_INDIC = 0x06f0;
const MALAYALAM = 0x0d66;

const CASES: Record<Locale, Typed> = {
  en: {
    path: '/renewable-energy#enquiry',
    phone: '(0484) 200 0000',
    stored: '04842000000',
    short: '98470-1234',
    bill: '4500',
    negative: '-5',
  },
  ml: {
    path: '/ml/renewable-energy/#enquiry',
    phone: inScript('+91 98470 12345', MALAYALAM),
    stored: '+919847012345',
    short: inScript('98470 1234', MALAYALAM),
    bill: inScript('4500', MALAYALAM),
    negative: inScript('-5', MALAYALAM),
  },
  ar: {
    path: '/ar/renewable-energy/#enquiry',
    phone: inScript('+971 50 123 4567', ARABIC_INDIC),
    stored: '+971501234567',
    short: inScript('050 123 456', ARABIC_INDIC),
    bill: inScript('4500', EASTERN_ARABIC_INDIC),
    negative: inScript('-5', EASTERN_ARABIC_INDIC),
  },
};

for (const [locale, typed] of Object.entries(CASES) as [Locale, Typed][]) {
  const text = formText(locale);
  const { labels, options } = text.enquiry;

  async function openWizard(page: Page): Promise<Locator> {
    await page.goto(typed.path);
    await waitForSplash(page);
    const form = page.locator('#enquiry-form');
    await form.scrollIntoViewIfNeeded();
    await expect(form).toHaveAttribute('novalidate', '');
    return form;
  }

  test(`${locale}: a phone number and a bill in local digits are taken, a bad one is refused`, async ({
    page,
    request,
  }) => {
    const form = await openWizard(page);
    const next = () => form.getByRole('button', { name: text.enquiry.next }).click();
    const step = form.locator('[aria-current="step"]');
    const name = `E2E ${locale} phone ${Date.now()} ${test.info().project.name}`;
    await form.getByLabel(labels.fullName).fill(name);
    await form.getByLabel(labels.emailAddress).fill('facilities@school.example');
    await form.getByLabel(labels.country).fill('India');
    await form.getByLabel(labels.stateProvince).fill('Kerala');
    await form.getByLabel(labels.cityTownVillage).fill('Kochi');

    const phone = form.getByLabel(labels.phoneNumber);
    await phone.fill(typed.short);
    await next();
    await expect(form.getByText(text.validation.phone)).toBeVisible();
    await expect(phone).toBeFocused();
    await expect(phone).toHaveAttribute('aria-invalid', 'true');
    await expect(step).toContainText(text.enquiry.steps[0]!);

    await phone.fill(typed.phone);
    // Laid out in the order typed on every page (forms.css): the bidi rules would show the groups
    // of "+٩٧١ ٥٠ ١٢٣ ٤٥٦٧" backwards, and an Arabic page an e-mail address's end first.
    const layout = (field: Locator) =>
      field.evaluate((element) => {
        const style = getComputedStyle(element);
        return [style.direction, style.unicodeBidi];
      });
    expect(await layout(phone)).toEqual(['ltr', 'bidi-override']);
    expect((await layout(form.getByLabel(labels.emailAddress)))[0]).toBe('ltr');
    await next();
    await expect(step).toContainText(text.enquiry.steps[1]!);
    await form.getByLabel(options.Individual, { exact: true }).check();
    await next();

    await form.getByLabel(labels.purposeOfUse).selectOption('Backup Power');
    await form.getByLabel(labels.generatorCapacity).selectOption('10 kWh - 50 kWh');
    await form.locator('#enquiry-renewableEnergyUsed').getByLabel(options.No).check();
    const bill = form.getByLabel(labels.monthlyElectricityBill);
    expect(await bill.evaluate((element) => getComputedStyle(element).unicodeBidi)).toBe(
      'bidi-override',
    );
    await bill.fill(typed.negative);
    await next();
    await expect(form.getByText(text.validation.negativeBill)).toBeVisible();
    await expect(bill).toBeFocused();
    await bill.fill(typed.bill);
    await next();
    await expect(step).toContainText(text.enquiry.steps[3]!);

    await form.getByLabel(labels.installationSiteLocation).selectOption('Rooftop');
    await form.locator('#enquiry-spaceAvailable').getByLabel(options.Yes).check();
    await form.getByLabel(labels.preferredTimeline).selectOption('1-3 months');
    await form.getByRole('button', { name: text.enquiry.submit }).click();
    await expect(page.getByText(text.enquiry.sent)).toBeVisible();

    const stored = await storedLeads<{
      _id: string;
      fullName: string;
      phoneNumber: string;
      monthlyElectricityBill: string;
    }>(request, '/api/enquiries', (record) => record.fullName === name);
    expect(
      stored.found.map(({ phoneNumber, monthlyElectricityBill }) => ({
        phoneNumber,
        monthlyElectricityBill,
      })),
    ).toEqual([{ phoneNumber: typed.stored, monthlyElectricityBill: '4500' }]);
    await stored.remove();
  });
}
