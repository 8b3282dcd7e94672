/**
 * The careers pages built with the fixture openings (tests/fixtures/openings) on a copy of the
 * site, on a fixed day: what /careers lists, each open opening's page and its JobPosting, the
 * closed ones' 410 rules, and /careers as the specification reads it again once every opening
 * has closed. The rules themselves are tested in the other files here; this checks the pages
 * wire them up.
 */
import { cp, readFile, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseGoneRules } from '../../../src/lib/openings/gone.ts';
import { astro, BUILD_TIMEOUT, siteCopy } from '../support/site-copy.ts';
import { FIXTURES } from './fixtures.ts';

const NO_OPENINGS = 'There are no openings posted right now';

let root = '';
/** Stops a build still running when the file ends (a hook that timed out). */
const builds = new AbortController();
const page = (path: string) => readFile(join(root, 'dist', path, 'index.html'), 'utf8');
const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

/** The JSON-LD blocks of a built page, parsed. */
function jsonLd(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map(
    ([, json]) => JSON.parse(json ?? '') as Record<string, unknown>,
  );
}

/** Builds the copy as it reads on `day` (the build's own override of its day). */
async function buildOn(day: string): Promise<void> {
  process.env['OPENINGS_BUILD_DAY'] = day;
  try {
    const { code, output } = await astro(root, builds.signal, 'build');
    expect(code, output.slice(-3000)).toBe(0);
  } finally {
    delete process.env['OPENINGS_BUILD_DAY'];
  }
}

beforeAll(async () => {
  root = await siteCopy('openings-build');
  await cp(FIXTURES, join(root, 'content/openings'), { recursive: true });
}, 60_000);

afterAll(async () => {
  builds.abort();
  if (root) await rm(root, { recursive: true, force: true, maxRetries: 5 });
});

describe('the careers pages with openings (built on 2026-11-29)', () => {
  beforeAll(() => buildOn('2026-11-29'), BUILD_TIMEOUT);

  it('lists the open ones, soonest closing first, with their closing dates', async () => {
    const careers = text(await page('careers'));
    expect(careers).toContain('Open positions');
    const composting = careers.indexOf('Composting Plant Supervisor');
    const solar = careers.indexOf('Site Engineer (Solar)');
    expect(composting).toBeGreaterThan(-1);
    expect(solar).toBeGreaterThan(composting);
    expect(careers).toContain('Closes on 20 December 2026');
    expect(careers).toContain('Closes on 15 January 2027');
    expect(careers).not.toContain('Environmental Education Intern');
    // The paragraph saying there are none is left out; the interest areas stay.
    expect(careers).not.toContain(NO_OPENINGS);
    expect(careers).toContain('Areas we recruit for');
  });

  it('lists in each language only the openings translated into it', async () => {
    const ml = text(await page('ml/careers'));
    expect(ml).toContain('സൈറ്റ് എഞ്ചിനീയർ (സോളാർ)');
    expect(ml).not.toContain('Composting');
    expect(await readdir(join(root, 'dist/ml/careers'))).toEqual(
      expect.arrayContaining(['site-engineer-solar', 'closed']),
    );
  });

  it("gives each open opening a page with its facts and a JobPosting Google's job search reads", async () => {
    const html = await page('careers/site-engineer-solar');
    const body = text(html);
    for (const fact of ['Kochi, Kerala', 'Full-time', '15 January 2027', 'per month', 'Apply']) {
      expect(body).toContain(fact);
    }
    const posting = jsonLd(html).find((block) => block['@type'] === 'JobPosting');
    expect(posting).toMatchObject({
      title: 'Site Engineer (Solar)',
      datePosted: '2026-11-15',
      validThrough: '2027-01-15T23:59:59+05:30',
      employmentType: 'FULL_TIME',
      hiringOrganization: { '@type': 'Organization' },
      jobLocation: { address: { addressCountry: 'IN' } },
      baseSalary: { currency: 'INR', value: { minValue: 35000, maxValue: 50000 } },
    });
    // The description is the summary and the body, as HTML.
    expect(posting?.['description']).toMatch(/^<p>Plan, supervise.*<h2[^>]*>What you will do/s);
    // The page declares the languages it is translated into.
    expect(html).toContain('hreflang="ar"');
    // The salary's figures run left to right in Arabic too, lowest first.
    const ar = await page('ar/careers/site-engineer-solar');
    expect(ar).toMatch(/<bdi dir="ltr"[^>]*>[^<]*35,000[^<]*50,000[^<]*<\/bdi>/);
  });

  it('puts the application form on each opening’s page, for that opening, in its language', async () => {
    const html = await page('careers/site-engineer-solar');
    expect(html).toMatch(/<form id="application-form"[^>]*action="\/api\/applications"/);
    expect(html).toMatch(/<input type="hidden" name="opening" value="site-engineer-solar"/);
    expect(text(html)).toMatch(/Opening Site Engineer \(Solar\)/);
    // Its hero button and Apply section lead to the form, not to the contact form.
    expect(html).not.toContain('href="#contact-form"');
    const ar = await page('ar/careers/site-engineer-solar');
    expect(ar).toMatch(/<input type="hidden" name="lang" value="ar"/);
    expect(ar).toMatch(/<input type="hidden" name="opening" value="site-engineer-solar"/);
    // /careers keeps its open application below the list.
    expect(await page('careers')).toMatch(/<input type="hidden" name="opening" value="open"/);
  });

  it('builds no page for a closed opening, and answers its addresses 410', async () => {
    await expect(page('careers/field-trainer-internship')).rejects.toThrow();
    const rules = parseGoneRules(await readFile(join(root, 'dist/_redirects'), 'utf8'));
    expect(rules.get('/careers/field-trainer-internship')).toBe('/careers/closed');
    expect(rules.get('/ar/careers/field-trainer-internship/')).toBe('/ar/careers/closed');
    expect(rules.has('/careers/site-engineer-solar')).toBe(false);
    const closed = await page('careers/closed');
    expect(closed).toContain('href="/careers"');
    expect(closed).toContain('noindex');
  });
});

describe('the careers page once every opening has closed (built on 2027-02-01)', () => {
  beforeAll(async () => {
    await rm(join(root, 'dist'), { recursive: true, force: true });
    await buildOn('2027-02-01');
  }, BUILD_TIMEOUT);

  it('reads as the specification says, with no list', async () => {
    const careers = text(await page('careers'));
    expect(careers).toContain(NO_OPENINGS);
    expect(careers).toContain('Check back soon');
    expect(careers).not.toContain('Open positions');
    const rules = parseGoneRules(await readFile(join(root, 'dist/_redirects'), 'utf8'));
    expect(rules.get('/ml/careers/site-engineer-solar')).toBe('/ml/careers/closed');
  });
});
