import { describe, expect, it } from 'vitest';
import { twoDigits } from '../../src/lib/format';
import { isCurrent, mainNav, isMenu, projectLinks } from '../../src/config/navigation';
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
      ['/services/environmental-impact-assessment'],
      projectLinks.map((link) => link.href),
    ]);
    expect(projectLinks).toHaveLength(4);
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
