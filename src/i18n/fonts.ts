/**
 * The web fonts of the languages that need one (English uses the system's): Noto Sans Malayalam
 * and Noto Sans Arabic from @fontsource, subset to their script's Unicode block by
 * `npm run fonts` (scripts/subset-fonts.ts) into public/fonts/, two weights each (400 for text,
 * 700 for headings and buttons; 600 and 800 use the 700 file). Global CSS declares them
 * (src/styles/fonts.css) and pages in the language preload them (Head.astro).
 *
 * The build then cuts each page its own pair from those files, holding only the letters the page
 * and its islands can draw (src/integrations/page-fonts.ts): the page declares them as the family
 * `pageFamily(font)`, which fonts.css names first; the whole-block family stays behind it, fetched
 * only when a letter the page did not carry is drawn (text typed into a form).
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

/** The family a page's own cut of a font is declared as (in that page only). */
export function pageFamily(font: WebFont): string {
  return `${font.family} page`;
}

/** Where a page's cut of a font's weight is served; `hash` names the letters it holds. */
export function pageFontFile(font: WebFont, weight: number, hash: string): string {
  return fontFile(font, weight).replace(/\.woff2$/, `-${hash}.woff2`);
}

/** The CSS `unicode-range` of a font, or of the code point ranges given. */
export function unicodeRange(
  font: WebFont,
  ranges: readonly (readonly [number, number])[] = font.ranges,
): string {
  const hex = (code: number) => code.toString(16).toUpperCase().padStart(4, '0');
  return ranges
    .map(([from, to]) => (from === to ? `U+${hex(from)}` : `U+${hex(from)}-${hex(to)}`))
    .join(', ');
}

/** Sorted code points as the fewest ranges, e.g. [0xd05, 0xd06, 0xd15] → [[0xd05, 0xd06], [0xd15, 0xd15]]. */
export function toRanges(codes: readonly number[]): [number, number][] {
  const ranges: [number, number][] = [];
  for (const code of codes) {
    const last = ranges.at(-1);
    if (last && code === last[1] + 1) last[1] = code;
    else ranges.push([code, code]);
  }
  return ranges;
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
