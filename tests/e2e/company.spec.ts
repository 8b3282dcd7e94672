import { test, expect } from '@playwright/test';

test('About Us tells the company profile with its claims', async ({ page }) => {
  await page.goto('/about');
  await expect(page.locator('.hero')).toContainText(
    'Expert-driven. Eco-conscious. Result-oriented',
  );
  const body = page.locator('main');
  await expect(body).toContainText('2021');
  await expect(body).toContainText(/decade/i);
  await expect(body).toContainText(/850-acre|850 acres/);
  await expect(body).toContainText(/3,500/);
  for (const area of [
    /renewable energy/i,
    /biomining/i,
    /impact assessment/i,
    /hospitality/i,
    /integrated farming/i,
    /education/i,
    /sanitation/i,
  ]) {
    await expect(body).toContainText(area);
  }
  for (const heading of [/history|story/i, /vision/i, /mission/i, /why choose/i]) {
    await expect(body.getByRole('heading', { name: heading }).first()).toBeVisible();
  }
});

test('Careers has no openings, four interest areas and a useful call to action', async ({
  page,
}) => {
  await page.goto('/careers');
  const body = page.locator('main');
  await expect(body).toContainText(/no (open )?(positions|openings|vacancies)/i);
  for (const area of [
    'Renewable Energy',
    'Waste Management',
    'Eco-Hospitality',
    'Environmental Education',
  ]) {
    await expect(body.getByRole('heading', { name: area })).toBeVisible();
  }
  // The hero's button and the copy lead to the application form on the page (issue 39).
  await expect(body.locator('a[href="#application-form"]').first()).toBeVisible();
});

for (const path of ['/privacy-policy', '/terms-conditions']) {
  test(`${path} links the word "contact" to the contact form and prints the address`, async ({
    page,
  }) => {
    await page.goto(path);
    const links = page.locator('main a[href="/#contact-form"]', { hasText: /^contact$/ });
    expect(await links.count()).toBeGreaterThan(0);
    await expect(page.locator('main address')).toContainText('Kerala');
  });
}

test('a project page follows the one template', async ({ page }) => {
  await page.goto('/projects/biogas-units');
  await expect(page.locator('h1')).toContainText(/Biogas/);
  await expect(page.locator('#outcomes li')).not.toHaveCount(0);
  await expect(page.locator('main h2').first()).toBeVisible();
});

test('the contact form follows the spec and works without scripts', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/about');
  const form = page.locator('#contact-form form');
  await expect(form.getByPlaceholder('Enter a valid email address')).toHaveAttribute(
    'type',
    'email',
  );
  await expect(form.getByPlaceholder('Enter your Name')).toHaveAttribute('required', '');
  await expect(form.getByPlaceholder('Enter your message')).toHaveAttribute('required', '');
  await context.close();
});
