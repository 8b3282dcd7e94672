import { test, expect, type Locator, type Page } from '@playwright/test';
import { axeViolations } from './support';
import {
  expectSizedToContent,
  loadedFrames,
  openPage,
  otherHostRequests,
  revealAll,
} from './services-support';

/** Renewable page sections and the generator page card: default → options → text ⇄ graphical. */

const renewable = '/renewable-energy';
const generator = '/services/mcore-hidromagnetic-generator';

const technologies = [
  'Hydro-Magnetic Power',
  'Solar Energy (PPA Model)',
  'Wind Energy',
  'Compressed Bio Gas',
  'Green Hydrogen',
  'Pyrolysis Plants',
  'Gasifier (Municipal Solid Waste)',
];
const topics = [
  'Core Technology & Operation',
  'Environmental Impact & Sustainability',
  'Applications & Scalability',
  'Continuous & Reliable Power',
  'Economic Benefits & Accessibility',
  'Research & Development Partnership',
];

const items = (page: Page) => page.locator('#items li, #topics li');
const knowMore = (item: Locator) => item.locator('summary');
const button = (item: Locator, name: string) => item.getByRole('button', { name, exact: true });

async function expectView(item: Locator, view: 'default' | 'options' | 'text' | 'graphical') {
  const open = view !== 'default';
  await expect(item.locator('details')).toHaveJSProperty('open', open);
  await expect(item.getByText('Choose a view:')).toBeVisible({ visible: view === 'options' });
  await expect(button(item, 'Text Description')).toBeVisible({ visible: view === 'options' });
  await expect(button(item, 'Graphical Preview')).toBeVisible({ visible: view === 'options' });
  await expect(button(item, 'Show Graphical')).toBeVisible({ visible: view === 'text' });
  await expect(button(item, 'Show Text')).toBeVisible({ visible: view === 'graphical' });
  await expect(item.locator('iframe')).toBeVisible({ visible: view === 'graphical' });
  const showLess = item.getByRole('button', { name: 'Show Less' });
  await expect(showLess.filter({ visible: true })).toHaveCount(open ? 1 : 0);
  // The teaser gives way to the full text in the text view only.
  await expect(item.locator('.views__teaser')).toBeVisible({ visible: view !== 'text' });
}

test.describe('Renewable Energy Solutions', () => {
  test('has the intro, the enquiry block, seven technologies and the closing text', async ({
    page,
  }) => {
    await openPage(page, renewable);
    await expect(page.getByRole('link', { name: 'Discover More' })).toHaveAttribute(
      'href',
      '#intro',
    );
    await expect(page.locator('#intro .intro__text')).toHaveCount(2);

    const enquiry = page.locator('section#enquiry');
    await expect(enquiry.getByRole('heading', { level: 2 })).toHaveText('Generator Enquiry');
    await expect(enquiry).toContainText('tell us what you need');
    await expect(enquiry.locator('form#enquiry-form')).toBeVisible();

    await expect(items(page).locator('h3')).toHaveText(technologies);
    await expect(page.locator('#approach h2')).toHaveText('Our unique approach');
  });

  test('odd-numbered rows are laid out reversed on wide screens', async ({ page, isMobile }) => {
    test.skip(isMobile || (page.viewportSize()?.width ?? 0) < 769, 'rows stack on narrow screens');
    await openPage(page, renewable);
    const rows = await items(page).evaluateAll((elements) =>
      elements.map((element) => {
        const image = element.querySelector('img')!.getBoundingClientRect();
        const text = element.querySelector('h3')!.getBoundingClientRect();
        return image.left > text.left;
      }),
    );
    expect(rows).toEqual([false, true, false, true, false, true, false]);
  });

  test('each section shows a teaser and carries its full text in the HTML', async ({ page }) => {
    // What the HTML holds, whatever the width.
    test.skip(test.info().project.name !== 'desktop', 'the markup, not the layout: one project');
    await openPage(page, renewable);
    for (const item of await items(page).all()) {
      const teaser = (await item.locator('.views__teaser').textContent()) ?? '';
      const full = (await item.locator('[data-panel="text"] p').textContent()) ?? '';
      expect(teaser.endsWith('…')).toBe(true);
      expect(full.startsWith(teaser.slice(0, -1).trim())).toBe(true);
      expect(full.length).toBeGreaterThan(teaser.length);
    }
  });

  test('walks a section through its four views', async ({ page }) => {
    await openPage(page, renewable);
    const item = items(page).nth(1);
    await expectView(item, 'default');
    await expect(knowMore(item)).toHaveText('Know More');

    await knowMore(item).click();
    await expectView(item, 'options');

    await button(item, 'Text Description').click();
    await expectView(item, 'text');
    await expect(item.locator('[data-panel="text"]')).toBeFocused();

    await button(item, 'Show Graphical').click();
    await expectView(item, 'graphical');
    await expectSizedToContent(item.locator('iframe'));

    await button(item, 'Show Text').click();
    await expectView(item, 'text');

    await item.getByRole('button', { name: 'Show Less' }).filter({ visible: true }).click();
    await expectView(item, 'default');
    await expect(knowMore(item)).toBeFocused();

    // Reopening starts again from the options.
    await knowMore(item).click();
    await expectView(item, 'options');
    await button(item, 'Graphical Preview').click();
    await expectView(item, 'graphical');
    await item.getByRole('button', { name: 'Show Less' }).filter({ visible: true }).click();
    await expectView(item, 'default');
  });

  test('one section is open at a time and clicking it again collapses it', async ({ page }) => {
    await openPage(page, renewable);
    const [first, second] = [items(page).nth(0), items(page).nth(4)];
    await knowMore(first).click();
    await button(first, 'Text Description').click();
    await knowMore(second).click();
    await expectView(second, 'options');
    await expectView(first, 'default');
    await knowMore(second).click();
    await expectView(second, 'default');
    await expect(page.locator('#items details[open]')).toHaveCount(0);
  });

  test('infographics load only when shown, from this site only', async ({ page }) => {
    const others = otherHostRequests(page);
    const infographics: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/infographics/')) infographics.push(request.url());
    });
    await openPage(page, renewable);
    await page.mouse.wheel(0, 20_000);
    await page.waitForTimeout(500);
    expect(infographics).toEqual([]);
    // Not even an empty frame exists before one is shown.
    await expect(page.locator('iframe')).toHaveCount(0);

    const item = items(page).nth(6);
    await knowMore(item).click();
    await button(item, 'Graphical Preview').click();
    const frame = item.locator('iframe');
    await expectSizedToContent(frame);
    await expect(frame).toHaveAttribute('sandbox', 'allow-same-origin');
    await expect(frame).toHaveAttribute('loading', 'lazy');
    await expect(frame).toHaveAttribute('title', /^Infographic: /);
    await expect(loadedFrames(page)).toHaveCount(1);
    expect(infographics.some((url) => url.endsWith('/infographic.css'))).toBe(true);
    expect(others).toEqual([]);
  });

  test('the intro paragraphs open in full on hover and on keyboard focus', async ({ page }) => {
    await openPage(page, renewable);
    const canHover = await page.evaluate(() => matchMedia('(hover: hover)').matches);
    if (!canHover) {
      // Touch screens cannot hover: there the paragraphs are shown in full from the start.
      await expect(page.locator('#intro .intro__text').first()).toHaveCSS(
        '-webkit-line-clamp',
        'none',
      );
      return;
    }
    const [first, second] = await page.locator('#intro .intro__item').all();
    const height = (locator: typeof first) =>
      locator!
        .locator('.intro__card')
        .evaluate((element) => element.getBoundingClientRect().height);
    const clamped = await height(first);
    const sectionTop = await page
      .locator('#enquiry')
      .evaluate((element: HTMLElement) => element.offsetTop);

    await first!.hover();
    await expect.poll(() => height(first)).toBeGreaterThan(clamped + 10);
    // Opening lays the text over what follows: nothing below moves.
    expect(
      await page.locator('#enquiry').evaluate((element: HTMLElement) => element.offsetTop),
    ).toBe(sectionTop);

    await page.mouse.move(0, 0);
    await second!.focus();
    await expect.poll(() => height(second)).toBeGreaterThan(clamped + 10);
  });

  test('works with the keyboard alone', async ({ page }) => {
    await openPage(page, renewable);
    const item = items(page).first();
    await knowMore(item).focus();
    await page.keyboard.press('Enter');
    await expectView(item, 'options');
    await page.keyboard.press('Tab');
    await expect(button(item, 'Text Description')).toBeFocused();
    await page.keyboard.press('Enter');
    await expectView(item, 'text');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(button(item, 'Show Graphical')).toBeFocused();
    await page.keyboard.press('Space');
    await expectView(item, 'graphical');
    await page.keyboard.press('Shift+Tab');
    await expect(knowMore(item)).toBeFocused();
    await page.keyboard.press('Enter');
    await expectView(item, 'default');
  });

  test('has no axe violations closed, in options, in text and in graphical view', async ({
    page,
  }) => {
    await openPage(page, renewable);
    expect(await axeViolations(page)).toEqual([]);
    const item = items(page).nth(2);
    await knowMore(item).click();
    expect(await axeViolations(page)).toEqual([]);
    await button(item, 'Text Description').click();
    expect(await axeViolations(page)).toEqual([]);
    await button(item, 'Show Graphical').click();
    await expectSizedToContent(item.locator('iframe'));
    expect(await axeViolations(page)).toEqual([]);
  });

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });
    test('Know More still opens the full text', async ({ page }) => {
      await page.goto(renewable);
      const item = items(page).first();
      await knowMore(item).click();
      await expect(item.locator('[data-panel="text"] p')).toBeVisible();
      await expect(item.locator('iframe')).toBeHidden();
    });
  });
});

test.describe('Hydro-magnetic generator', () => {
  test('has its hero button, intro and six topic cards', async ({ page }) => {
    await page.goto(generator);
    await expect(page.getByRole('link', { name: 'Discover the Technology' })).toBeVisible();
    await expect(page.locator('#intro p')).toHaveCount(2);
    await expect(items(page).locator('h3')).toHaveText(topics);
    for (const item of await items(page).all()) {
      await expect(item.locator('img')).toHaveCount(1);
      await expect(item.locator('.views__teaser')).toHaveText(/…$/);
      await expect(knowMore(item)).toHaveText('Know More');
    }
  });

  test('a card opens to its options; Know More on the open card closes it', async ({ page }) => {
    await page.goto(generator);
    const [first, second] = [items(page).nth(0), items(page).nth(3)];
    await knowMore(first).click();
    await expectView(first, 'options');
    await expect(first.locator('h3')).toBeVisible();
    await button(first, 'Graphical Preview').click();
    await expectView(first, 'graphical');
    await expectSizedToContent(first.locator('iframe'));
    await button(first, 'Show Text').click();
    await expectView(first, 'text');
    await expect(first.locator('img')).toBeVisible();

    await knowMore(second).click();
    await expectView(first, 'default');
    await expectView(second, 'options');
    await knowMore(second).click();
    await expectView(second, 'default');
  });

  test('cards enter 0.1 s after one another, over 0.6 s', async ({ page }) => {
    await page.goto(generator);
    const cards = items(page);
    await revealAll(cards);
    const timings = await cards.evaluateAll((elements) =>
      elements.map((element) => {
        const style = getComputedStyle(element);
        return [style.transitionDelay.split(',')[0], style.transitionDuration.split(',')[0]];
      }),
    );
    expect(timings).toEqual([
      ['0s', '0.6s'],
      ['0.1s', '0.6s'],
      ['0.2s', '0.6s'],
      ['0.3s', '0.6s'],
      ['0.4s', '0.6s'],
      ['0.5s', '0.6s'],
    ]);
  });

  test.describe('with reduced motion', () => {
    test.use({ reducedMotion: 'reduce' });
    test('cards are shown at once', async ({ page }) => {
      await page.goto(generator);
      await expect(items(page).last()).toHaveCSS('opacity', '1');
      await expect(page.locator('.reveal-pending')).toHaveCount(0);
    });
  });

  test('has no axe violations closed and open', async ({ page }) => {
    await page.goto(generator);
    await revealAll(items(page));
    expect(await axeViolations(page)).toEqual([]);
    const item = items(page).nth(4);
    await knowMore(item).click();
    expect(await axeViolations(page)).toEqual([]);
    await button(item, 'Graphical Preview').click();
    await expectSizedToContent(item.locator('iframe'));
    expect(await axeViolations(page)).toEqual([]);
  });
});
