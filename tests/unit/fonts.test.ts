import { existsSync, readFileSync, statSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  LANGUAGE_NAME_FONT,
  WEB_FONTS,
  fontFile,
  pageFamily,
  unicodeRange,
} from '../../src/i18n/fonts';

const root = new URL('../../', import.meta.url).pathname;
const css = readFileSync(`${root}src/styles/fonts.css`, 'utf8');
const faces = [...css.matchAll(/@font-face\s*{([^}]*)}/g)].map(([, body]) => body ?? '');
const property = (face: string, name: string) =>
  new RegExp(`${name}:\\s*([^;]+);`).exec(face)?.[1]?.trim();

describe('web fonts', () => {
  for (const [locale, font] of Object.entries(WEB_FONTS)) {
    it(`${locale}: each weight is a subset file in public/ declared by src/styles/fonts.css`, () => {
      const declared = faces.filter((face) => property(face, 'font-family') === `'${font.family}'`);
      expect(declared).toHaveLength(font.weights.length);
      for (const weight of font.weights) {
        const file = `${root}public${fontFile(font, weight)}`;
        expect(existsSync(file)).toBe(true);
        // Subset to one script: far smaller than the whole family.
        expect(statSync(file).size).toBeLessThan(30_000);
        const face = declared.find((each) =>
          property(each, 'src')?.includes(fontFile(font, weight)),
        );
        expect(face, `no @font-face for ${fontFile(font, weight)}`).toBeDefined();
        expect(property(face ?? '', 'unicode-range')).toBe(unicodeRange(font));
        expect(property(face ?? '', 'font-display')).toBe('swap');
      }
    });

    it(`${locale}: its pages put their own cut, then the whole block, before the system's`, () => {
      const rule = new RegExp(
        `:root:lang\\(${locale}\\)\\s*{\\s*--font-sans:\\s*'${pageFamily(font)}', '${font.family}', system-ui`,
      );
      expect(css).toMatch(rule);
    });
  }

  it('the Malayalam language name has a font of its own letters, for Arabic pages', () => {
    const file = `${root}public${LANGUAGE_NAME_FONT.file}`;
    expect(statSync(file).size).toBeLessThan(3_000);
    expect(css).toContain(`font-family: '${LANGUAGE_NAME_FONT.family}'`);
    expect(css).toContain(`src: url('${LANGUAGE_NAME_FONT.file}')`);
  });

  it('English names no web font', () => {
    const tokens = readFileSync(`${root}src/styles/tokens.css`, 'utf8');
    const english = /--font-sans:\s*([^;]+);/.exec(tokens)?.[1] ?? '';
    for (const font of Object.values(WEB_FONTS)) expect(english).not.toContain(font.family);
  });
});
