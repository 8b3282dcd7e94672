/**
 * The web fonts of the languages that need one (English uses the system's): Noto Sans Malayalam
 * and Noto Sans Arabic from @fontsource, subset to their script's Unicode block by
 * `npm run fonts` (scripts/subset-fonts.ts) into public/fonts/, two weights each (400 for text,
 * 700 for headings and buttons; 600 and 800 use the 700 file). Global CSS declares them
 * (src/styles/fonts.css) and pages in the language preload them (Head.astro).
 */
import type { Locale } from './locales';

export interface WebFont {
  family: string;
  /** The @fontsource package the files are cut from. */
  source: string;
  /** Its script's subset file in that package (`<name>-<weight>-normal.woff2`). */
  subset: string;
  /** Code points kept: the script's block, and the joiners and marks its text needs. */
  ranges: readonly (readonly [number, number])[];
  weights: readonly number[];
}

export const WEB_FONTS: Readonly<Partial<Record<Locale, WebFont>>> = {
  ml: {
    family: 'Noto Sans Malayalam',
    source: '@fontsource/noto-sans-malayalam',
    subset: 'noto-sans-malayalam-malayalam',
    ranges: [
      [0x0d00, 0x0d7f],
      [0x200c, 0x200d],
      [0x25cc, 0x25cc],
    ],
    weights: [400, 700],
  },
  ar: {
    family: 'Noto Sans Arabic',
    source: '@fontsource/noto-sans-arabic',
    subset: 'noto-sans-arabic-arabic',
    ranges: [
      [0x0600, 0x06ff],
      [0x200c, 0x200f],
      [0x061c, 0x061c],
      [0x25cc, 0x25cc],
    ],
    weights: [400, 700],
  },
};

/** Where a font's weight is served. */
export function fontFile(font: WebFont, weight: number): string {
  return `/fonts/${font.family.toLowerCase().replaceAll(' ', '-')}-${weight}.woff2`;
}

/** The CSS `unicode-range` of a font. */
export function unicodeRange(font: WebFont): string {
  const hex = (code: number) => code.toString(16).toUpperCase().padStart(4, '0');
  return font.ranges
    .map(([from, to]) => (from === to ? `U+${hex(from)}` : `U+${hex(from)}-${hex(to)}`))
    .join(', ');
}

/**
 * The switcher writes each language's name in that language; a system may have no Malayalam font
 * (Debian's Chromium has none), so English and Arabic pages draw "മലയാളം" in a font of its few
 * letters, 1.5 KB, fetched only once the language menu is opened (it is hidden until then): an
 * English page still loads no font bytes.
 */
export const LANGUAGE_NAME_FONT = {
  family: 'Malayalam name',
  font: 'ml',
  file: '/fonts/malayalam-name.woff2',
} as const satisfies { family: string; font: Locale; file: string };
