import { expect, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';

/** Every route of SPEC's route table (bar /logout, which only redirects) plus the projects. */
export const routes: readonly { path: string; heading: RegExp; splash: boolean }[] = [
  { path: '/', heading: /^Building Sustainable Legacies$/, splash: true },
  { path: '/login', heading: /^Admin Login$/, splash: false },
  { path: '/anim', heading: /.+/, splash: false },
  { path: '/renewable-energy', heading: /^Renewable Energy Solutions$/, splash: true },
  { path: '/integrated-farming', heading: /^Integrated Farming$/, splash: true },
  { path: '/liquid-waste-management', heading: /Liquid Waste|Water/, splash: true },
  { path: '/solid-waste-management', heading: /^Waste Management$/, splash: true },
  { path: '/hospitality', heading: /Hospitality/, splash: true },
  { path: '/corporate-sustainability', heading: /Sustainab/, splash: true },
  { path: '/about', heading: /About/, splash: true },
  { path: '/careers', heading: /^Careers at /, splash: true },
  { path: '/services/mcore-hidromagnetic-generator', heading: /Generator|Hydro/i, splash: false },
  {
    path: '/services/environmental-impact-assessment',
    heading: /^Environmental Impact Assessment$/,
    splash: true,
  },
  { path: '/privacy-policy', heading: /Privacy/, splash: false },
  { path: '/terms-conditions', heading: /Terms/, splash: false },
  { path: '/projects/legacy-waste-clearance', heading: /Legacy/, splash: false },
  { path: '/projects/biogas-units', heading: /Biogas/, splash: false },
  { path: '/projects/plastic-to-oil', heading: /Plastic/, splash: false },
  { path: '/projects/composting-plants', heading: /Compost/, splash: false },
];

/** Public pages: the ones with the site header, footer and contact form. */
export const publicRoutes = routes.filter((route) => !['/login', '/anim'].includes(route.path));

/** Waits until no splash covers the page (it hides itself within 2 s). */
export async function waitForSplash(page: Page): Promise<void> {
  await expect(page.locator('[data-splash-loader]')).toBeHidden({ timeout: 5_000 });
}

/**
 * WCAG 2.2 A/AA violations on the page as it is now, as `rule: selectors` lines. Framed
 * documents (the sandboxed infographics) cannot run axe; they are checked as pages of their own.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .exclude('iframe')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  return results.violations.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  );
}

/** Logs in through the real API with this run's admin credentials; returns the token. */
export async function adminToken(
  request: import('@playwright/test').APIRequestContext,
): Promise<string> {
  const response = await request.post('/api/login', {
    data: {
      username: process.env['E2E_ADMIN_USERNAME'],
      password: process.env['E2E_ADMIN_PASSWORD'],
    },
  });
  expect(response.status()).toBe(200);
  const body = (await response.json()) as { token: string };
  return body.token;
}
