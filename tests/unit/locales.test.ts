import { describe, expect, it } from 'vitest';
import { localeOfPath, localePath, negotiateLocale } from '../../src/i18n/locales';

describe('localePath', () => {
  it('prefixes paths of this site with a translated language', () => {
    expect(localePath('ml', '/about')).toBe('/ml/about');
    expect(localePath('ar', '/')).toBe('/ar/');
    expect(localePath('ml', '/#contact')).toBe('/ml/#contact');
    expect(localePath('ar', '/thank-you?form=contact')).toBe('/ar/thank-you?form=contact');
  });

  it('leaves English, URLs, protocol-relative and bare anchors alone', () => {
    expect(localePath('en', '/about')).toBe('/about');
    expect(localePath('ml', 'https://example.org/a')).toBe('https://example.org/a');
    expect(localePath('ml', '//example.org/a')).toBe('//example.org/a');
    expect(localePath('ar', '#intro')).toBe('#intro');
    expect(localePath('ar', 'mailto:a@b.c')).toBe('mailto:a@b.c');
  });
});

describe('localeOfPath', () => {
  it('reads the first segment', () => {
    const paths = ['/ml/about/', '/ar/', '/about', '/en/about', '/mlx/about'];
    expect(paths.map((path) => localeOfPath(path))).toEqual(['ml', 'ar', 'en', 'en', 'en']);
  });
});

describe('negotiateLocale', () => {
  it('takes the best acceptable language by quality, then by order', () => {
    expect(negotiateLocale('ar-AE,ar;q=0.9,en;q=0.8')).toBe('ar');
    expect(negotiateLocale('fr;q=1, ml-IN;q=0.5, en;q=0.7')).toBe('en');
    expect(negotiateLocale('de, ml')).toBe('ml');
  });

  it('answers undefined when nothing is acceptable', () => {
    expect(negotiateLocale(undefined)).toBeUndefined();
    expect(negotiateLocale('')).toBeUndefined();
    expect(negotiateLocale('fr, de;q=0.5')).toBeUndefined();
    expect(negotiateLocale('ar;q=0')).toBeUndefined();
  });
});
