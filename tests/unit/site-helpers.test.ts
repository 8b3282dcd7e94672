import { describe, expect, it } from 'vitest';
import { twoDigits } from '../../src/lib/format';
import { readdirSync, readFileSync } from 'node:fs';
import { parse } from 'yaml';
import {
  businessLinks,
  isCurrent,
  mainNav,
  isMenu,
  projectLinks,
} from '../../src/config/navigation';
import { ar } from '../../src/i18n/ui/ar';
import { ml } from '../../src/i18n/ui/ml';
import { en } from '../../src/i18n/ui/en';
import { postalAddress, site } from '../../src/config/site';
import { organizationJsonLd } from '../../src/page-helpers/structured-data';

describe('twoDigits', () => {
  it('pads slide numbers to two digits', () => {
    expect([1, 4, 10].map(twoDigits)).toEqual(['01', '04', '10']);
  });
});

describe('navigation', () => {
  it('matches the current page with or without a trailing slash', () => {
    expect(isCurrent('/about', '/about/')).toBe(true);
    expect(isCurrent('/', '/')).toBe(true);
    expect(isCurrent('/', '/about')).toBe(false);
    expect(isCurrent('/about', '/about-us')).toBe(false);
  });

  it('has the header menu: Home, Business, Projects, Careers, About', () => {
    expect(mainNav.map((item) => en.nav[item.key])).toEqual([
      'Home',
      'Business',
      'Projects',
      'Careers',
      'About',
    ]);
    const menus = mainNav.filter(isMenu);
    expect(menus.map((menu) => menu.links.map((link) => link.href))).toEqual([
      businessLinks.map((link) => link.href),
      projectLinks.map((link) => link.href),
    ]);
    expect(projectLinks).toHaveLength(4);
  });

  it("lists the spec's EIA page first in Business, then every service card's page in order", () => {
    const dir = 'content/service-cards/en';
    const cards = readdirSync(dir)
      .map(
        (file) => parse(readFileSync(`${dir}/${file}`, 'utf8')) as { order: number; link: string },
      )
      .sort((a, b) => a.order - b.order);
    expect(cards).toHaveLength(6);
    expect(businessLinks.map((link) => link.href)).toEqual([
      '/services/environmental-impact-assessment',
      ...cards.map((card) => card.link),
    ]);
    for (const messages of [en, ml, ar]) {
      for (const link of businessLinks) expect(messages.nav[link.key]).toMatch(/\S/);
    }
  });
});

describe('site config', () => {
  it('prints the postal address on one line', () => {
    expect(postalAddress()).toBe(
      `${site.address.street}, ${site.address.locality}, ${site.address.region} ${site.address.postalCode}, ${site.address.country}`,
    );
  });

  it('feeds the Organization structured data', () => {
    const data = organizationJsonLd('https://example.org/any/path');
    expect(data).toMatchObject({
      '@type': 'Organization',
      name: site.name,
      url: 'https://example.org/',
      logo: 'https://example.org/logo512.png',
      email: site.email,
    });
    expect(data['sameAs']).toHaveLength(2);
  });
});
