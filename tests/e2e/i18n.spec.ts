/**
 * The site in Malayalam and Arabic: every translated page (the sitemap's /ml/ and /ar/ addresses)
 * declares its language and direction, passes axe (at desktop width; at phone width the pages of
 * `narrowAxePages`), never scrolls sideways at 320 px, carries no English interface string, and
 * links to its other languages; English pages load no font, translated ones their own cut of
 * theirs, and the whole script block only for a letter typed that the page lacks; an address
 * with no translation is a 404 in that language.
 */
import { test, expect, type Page } from '@playwright/test';
import { axeViolations, waitForSplash } from './support';
import { LOCALE_INFO, TRANSLATED_LOCALES, englishPath } from '../../src/i18n/locales';
import { en } from '../../src/i18n/ui/en';
import { en as formsEn } from '../../src/i18n/forms/en';
import { messages } from '../../src/i18n/ui';
import { WEB_FONTS, fontFile } from '../../src/i18n/fonts';

/** A letter of each script no page of the site writes: typed, it needs the block's font. */
const rareLetters: Record<(typeof TRANSLATED_LOCALES)[number], string> = {
  ml: 'ൠ',
  ar: 'ڤ',
};

/** Every string leaf of a catalogue, e.g. 'Skip to content'. */
function leaves(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  return Object.values(value as Record<string, unknown>).flatMap(leaves);
}

/** The English interface strings a translated page must not show: each word pattern filled. */
const englishStrings = [...new Set([...leaves(en), ...leaves(formsEn)])]
  .map((text) => text.replace(/\{\w+\}/g, '').trim())
  .filter((text) => /[a-z]{3}/i.test(text));

/** The translated pages the site lists in its sitemap, by language. */
async function translatedPages(page: Page): Promise<Map<string, string[]>> {
  const response = await page.request.get('/sitemap-0.xml');
  const xml = await response.text();
  const paths = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map(
    ([, loc]) => new URL(loc ?? '/').pathname,
  );
  return new Map(
    TRANSLATED_LOCALES.map((locale) => [
      locale,
      paths.filter((path) => path.startsWith(`/${locale}/`)),
    ]),
  );
}

/**
 * The infographic documents the given pages frame (not in the sitemap: they are noindex parts
 * of their pages), each once.
 */
async function infographicDocuments(page: Page, paths: string[]): Promise<string[]> {
  const found = new Set<string>();
  for (const path of paths) {
    const html = await (await page.request.get(path)).text();
    for (const [, src] of html.matchAll(/data-src="([^"]*\/infographics\/[^"]*)"/g)) {
      if (src) found.add(src);
    }
  }
  return [...found];
}

/**
 * The pages of a language axe checks at phone width too: the home page and an inner page (the
 * frame, and a page's own content, laid out narrow). Every translated page is checked at desktop
 * width, and every English page at both widths (routes.spec.ts): a page's layout at phone width
 * is its template's, which the English page shares; what the language changes is its words.
 */
const narrowAxePages = (locale: string) => [`/${locale}/`, `/${locale}/about/`];

/** The page's visible text and the words of its labels, alternatives and titles. */
async function wordsOf(page: Page): Promise<string> {
  return page.evaluate(() => {
    const attributes = [...document.querySelectorAll('[aria-label],[alt],[title],[placeholder]')]
      .flatMap((element) =>
        ['aria-label', 'alt', 'title', 'placeholder'].map((name) => element.getAttribute(name)),
      )
      .filter(Boolean);
    return [document.title, document.body.innerText, ...attributes].join('\n');
  });
}

test('the sitemap lists every translated page, in each language', async ({ page }) => {
  const pages = await translatedPages(page);
  for (const locale of TRANSLATED_LOCALES) {
    // Home, 8 service pages, about, careers, 2 legal pages, 4 projects.
    expect(pages.get(locale)?.length, locale).toBeGreaterThanOrEqual(17);
    expect(pages.get(locale)).not.toContain(`/${locale}/404/`);
  }
});

/** The fonts `page` requests loading `path` (once its fonts are ready); later ones are added. */
async function fontsOnLoad(page: Page, path: string): Promise<string[]> {
  const fonts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'font') fonts.push(new URL(request.url()).pathname);
  });
  await page.goto(path);
  await waitForSplash(page);
  await page.evaluate(() => document.fonts.ready);
  return fonts;
}

for (const locale of TRANSLATED_LOCALES) {
  const { tag, dir } = LOCALE_INFO[locale];

  // In two halves (every other page of the sitemap's list): two workers share the walk.
  for (const half of [0, 1]) {
    test(`${locale}: every page speaks ${tag}, ${dir}, passes axe and shows no English interface (half ${half + 1} of 2)`, async ({
      page,
    }, testInfo) => {
      test.setTimeout(180_000);
      const all = (await translatedPages(page)).get(locale) ?? [];
      const others = TRANSLATED_LOCALES.filter((other) => other !== locale);
      const narrow = narrowAxePages(locale);
      expect(all).toEqual(expect.arrayContaining(narrow));
      const axed = (path: string) => testInfo.project.name === 'desktop' || narrow.includes(path);
      const paths = all.filter((_, index) => index % 2 === half);
      for (const path of paths) {
        const response = await page.goto(path);
        expect(response?.status(), path).toBe(200);
        await waitForSplash(page);
        await expect(page.locator('html')).toHaveAttribute('lang', tag);
        await expect(page.locator('html')).toHaveAttribute('dir', dir);
        await expect(page.locator('h1')).toHaveCount(1);

        // The same page in English and the other translation, and x-default.
        const english = englishPath(new URL(page.url()).pathname);
        await expect(page.locator('link[rel="alternate"][hreflang="x-default"]')).toHaveAttribute(
          'href',
          new RegExp(`${english}$`),
        );
        for (const other of others) {
          await expect(
            page.locator(`link[rel="alternate"][hreflang="${LOCALE_INFO[other].tag}"]`),
          ).toHaveAttribute('href', new RegExp(`/${other}${english}$`));
        }
        await expect(page.locator('meta[property="og:locale"]')).toHaveAttribute(
          'content',
          LOCALE_INFO[locale].ogLocale,
        );

        const words = await wordsOf(page);
        const english_ = englishStrings.filter((text) => words.includes(text));
        expect(english_, `${path} shows English interface text`).toEqual([]);
        if (axed(path)) expect(await axeViolations(page), path).toEqual([]);
      }
    });
  }

  test(`${locale}: no page scrolls sideways at 320 px`, async ({ page }, testInfo) => {
    test.skip(testInfo.project.name !== 'mobile', 'sets its own width: one project is enough');
    test.setTimeout(180_000);
    await page.setViewportSize({ width: 320, height: 700 });
    const pages = (await translatedPages(page)).get(locale) ?? [];
    const documents = await infographicDocuments(page, pages);
    expect(documents.length, 'infographic documents').toBeGreaterThan(0);
    for (const path of [...pages, ...documents]) {
      await page.goto(path);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, path).toBeLessThanOrEqual(0);
    }
  });

  test(`${locale}: the switcher links the page in each language, by keyboard`, async ({ page }) => {
    await page.goto(`/${locale}/about/`);
    await waitForSplash(page);
    // Narrow screens: the switcher is in the menu; then it opens as the other menus do.
    const menu = page.getByRole('button', { name: messages[locale].header.menu });
    if (await menu.isVisible()) await menu.click();
    const trigger = page.getByRole('button', { name: messages[locale].header.language });
    await expect(trigger).toHaveAttribute('aria-expanded', 'false');
    await trigger.click();
    await expect(trigger).toHaveAttribute('aria-expanded', 'true');
    const switcher = page.getByRole('list', { name: messages[locale].header.language });
    await expect(switcher.getByRole('link')).toHaveCount(3);
    const current = switcher.locator('a[aria-current="true"]');
    await expect(current).toHaveAttribute('lang', LOCALE_INFO[locale].tag);
    await expect(current).toHaveText(LOCALE_INFO[locale].name);
    const english = switcher.locator('a[lang="en-IN"]');
    await expect(english).toHaveAttribute('href', '/about/');
    await expect(english).toHaveText('English');
    await english.focus();
    await expect(english).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/about\/$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-IN');
  });

  test(`${locale}: loads its own web font, and links keep to the language`, async ({ page }) => {
    const fonts = await fontsOnLoad(page, `/${locale}/`);
    // Its language's cut of the font (src/integrations/page-fonts.ts), not the whole script block.
    expect(fonts.length).toBeGreaterThan(0);
    expect(
      fonts.every((font) => /^\/fonts\/[\w-]+-[0-9a-f]{10}\.woff2$/.test(font)),
      fonts.join(),
    ).toBe(true);
    // The same cut on every page of the language: fetched once, then cached.
    const preloads = (html: string) =>
      [...html.matchAll(/<link[^>]+as="font"[^>]*>/g)].map(
        ([link]) => /href="([^"]+)"/.exec(link)?.[1],
      );
    const [home, about] = await Promise.all(
      [`/${locale}/`, `/${locale}/about/`].map(async (path) =>
        preloads(await (await page.request.get(path)).text()),
      ),
    );
    expect(home?.length).toBeGreaterThan(0);
    expect(about).toEqual(home);
    // Internal links of the page frame stay in the language.
    const hrefs = await page
      .locator('#site-nav .site-nav__list a, footer nav a')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
    expect(hrefs.filter((href) => href.startsWith('/') && !href.startsWith(`/${locale}/`))).toEqual(
      [],
    );
  });

  test(`${locale}: a letter typed that the page does not carry is drawn from the whole block`, async ({
    page,
  }) => {
    const fonts = await fontsOnLoad(page, `/${locale}/`);
    const block = fontFile(WEB_FONTS[locale]!, 400);
    expect(fonts).not.toContain(block);
    await page.locator('#contact-message').fill(rareLetters[locale]);
    await expect.poll(() => fonts).toContain(block);
    await expect
      .poll(() =>
        page.evaluate(
          (family) =>
            [...document.fonts].some(
              (f) => f.family.replaceAll('"', '') === family && f.status === 'loaded',
            ),
          WEB_FONTS[locale]!.family,
        ),
      )
      .toBe(true);
  });

  test(`${locale}: an address without a translation answers 404 in ${tag}`, async ({ page }) => {
    for (const path of [`/${locale}/login/`, `/${locale}/no-such-page`]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
      await expect(page.locator('html')).toHaveAttribute('lang', tag);
    }
  });
}

test('English pages load no font; opening the language menu fetches only the Malayalam name', async ({
  page,
}) => {
  const fonts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'font') fonts.push(request.url());
  });
  for (const path of ['/', '/renewable-energy', '/about']) {
    await page.goto(path);
    await waitForSplash(page);
    await page.evaluate(() => document.fonts.ready);
  }
  expect(fonts).toEqual([]);
  const menu = page.getByRole('button', { name: en.header.menu });
  if (await menu.isVisible()) await menu.click();
  await page.getByRole('button', { name: en.header.language }).click();
  await expect(page.locator('#menu-languages a[lang="ml-IN"]')).toBeVisible();
  await page.evaluate(() => document.fonts.ready);
  await expect
    .poll(() => fonts.map((font) => new URL(font).pathname))
    .toEqual(['/fonts/malayalam-name.woff2']);
});

test.describe('right to left', () => {
  test('the Arabic slider steps the way Arabic reads, its slides laid over one another', async ({
    page,
  }) => {
    await page.goto('/ar/');
    await waitForSplash(page);
    // A pointer inside brings React, its cross-fade and its controls.
    await page.locator('[data-slider]').hover();
    const slider = page.locator('[data-slider][data-hydrated]');
    await expect(slider).toBeVisible();
    const slides = slider.locator('.slider__slide');
    // The cross-fade moves every slide over the first: rightwards in a right-to-left track.
    const first = await slides.nth(0).boundingBox();
    for (const index of [1, 2, 3]) {
      expect((await slides.nth(index).boundingBox())?.x).toBeCloseTo(first?.x ?? -1, 0);
    }
    // Paused first: an autoplay step would race Next.
    await slider.getByRole('button', { name: messages.ar.slider.pause }).click();
    await expect(slider.getByRole('button', { name: messages.ar.slider.play })).toBeVisible();
    const number = slider.locator('[data-slide-number]');
    const shown = Number(await number.textContent());
    await slider.getByRole('button', { name: messages.ar.slider.next }).click();
    const next = (shown % 4) + 1;
    await expect(number).toHaveText(String(next).padStart(2, '0'));
    await expect(slides.nth(next - 1)).toHaveAttribute('data-current', '');
  });

  test('the ticker runs rightwards in Arabic and leftwards in English', async ({ page }) => {
    const way = async () =>
      page.evaluate(() => {
        // A strip with the ticker's classes: its running animation's last transform.
        const strip = document.createElement('section');
        strip.className = 'ticker';
        strip.innerHTML = '<div class="ticker__track"><span>x</span></div>';
        document.body.append(strip);
        const track = strip.querySelector('.ticker__track') as HTMLElement;
        track.style.animationDuration = '20s';
        const [animation] = track.getAnimations();
        animation?.pause();
        if (animation) animation.currentTime = 19_999;
        const transform = getComputedStyle(track).transform;
        strip.remove();
        return new DOMMatrix(transform).m41;
      });
    await page.goto('/ar/');
    expect(await way()).toBeGreaterThan(0);
    await page.goto('/');
    expect(await way()).toBeLessThan(0);
  });
});

test('the privacy policy states the retention period in its own language', async ({ page }) => {
  for (const [path, period] of [
    ['/privacy-policy/', '24 months'],
    ['/ml/privacy-policy/', '24 മാസം'],
    ['/ar/privacy-policy/', '24 شهرًا'],
  ] as const) {
    await page.goto(path);
    await expect(page.locator('#content')).toContainText(period);
  }
});

test('the header never pushes a page sideways, from the narrowest desktop to 1920 px', async ({
  page,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'sets its own widths: one project is enough');
  // Four pages at five widths: a long walk, not a slow page.
  test.setTimeout(150_000);
  for (const width of [769, 900, 1024, 1280, 1920]) {
    await page.setViewportSize({ width, height: 800 });
    for (const path of ['/', '/ml/', '/ar/', '/ml/services/environmental-impact-assessment/']) {
      await page.goto(path);
      await page.evaluate(() => document.fonts.ready);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, `${path} at ${width} px`).toBeLessThanOrEqual(0);
      // The logo keeps its size however long the menu's words are.
      expect((await page.locator('.brand svg').boundingBox())?.width, path).toBe(40);
    }
  }
});
