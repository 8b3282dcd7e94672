import { expect, type APIRequestContext, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import type { LoginStep } from '../../src/lib/schemas/factors';
import { SoftPasskey } from '../support/soft-authenticator.ts';

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
/** Installs a stopped clock in the page: its timers wait until the test moves it (runFor). */
export async function stoppedClock(page: Page): Promise<void> {
  const now = Date.now();
  await page.clock.install({ time: now });
  await page.clock.pauseAt(now + 1_000);
}

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

/** The browser id of the API sign-ins: one for the run, or each would be a "new device" alert. */
const API_DEVICE = 'e2e-api-sign-in-device';

/**
 * The run's API passkey (playwright.config.ts makes its key and id once, for every worker). Its
 * counter is always 0, as many synced passkeys report: any worker may use it at any time.
 */
function runPasskey(): SoftPasskey {
  const privateKey = process.env['E2E_PASSKEY_KEY'];
  const credentialId = process.env['E2E_PASSKEY_ID'];
  if (!privateKey || !credentialId) throw new Error('E2E_PASSKEY_KEY and E2E_PASSKEY_ID unset');
  return new SoftPasskey({ counter: null, privateKey, credentialId });
}

type Options = { challenge: string };

/**
 * Signs in through the real API with this run's admin credentials and passkey, as the admin's
 * browser does: the password, then the passkey (enrolled first where the server has no factor
 * yet); returns the token. `request`'s base URL is the origin the passkey signs for.
 */
export async function adminToken(request: APIRequestContext): Promise<string> {
  const passkey = runPasskey();
  for (let attempt = 1; ; attempt += 1) {
    const password = await request.post('/api/login', {
      data: {
        username: process.env['E2E_ADMIN_USERNAME'],
        password: process.env['E2E_ADMIN_PASSWORD'],
        device: API_DEVICE,
      },
    });
    expect(password.status(), await password.text()).toBe(200);
    const step = (await password.json()) as LoginStep;
    const origin = new URL(password.url()).origin;
    const answer =
      step.step === 'enrol'
        ? await request.post('/api/login/enrol', {
            data: {
              ticket: step.ticket,
              response: passkey.create(step.options as Options, { origin }),
              name: 'E2E run passkey',
            },
          })
        : step.step === 'passkey'
          ? await request.post('/api/login/passkey', {
              data: {
                ticket: step.ticket,
                response: passkey.get(step.options as Options, { origin }),
              },
            })
          : undefined;
    if (answer === undefined) throw new Error(`No passkey works at ${origin}`);
    if (answer.ok()) return ((await answer.json()) as { token: string }).token;
    // 409: another worker enrolled first. 401: another worker's use of the same counter value
    // was stored first (the server writes each use over the version it read). Both: again.
    const retry = answer.status() === 409 || answer.status() === 401;
    if (!retry || attempt >= 5) {
      expect(answer.status(), await answer.text()).toBeLessThan(300);
    }
  }
}
