import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { WEB_FONTS, fontFile, pageFamily, pageFontFile } from '../../src/i18n/fonts';
import {
  letters,
  lettersHash,
  pageFontFaces,
  pageScripts,
  pageWebFont,
  scriptImports,
  withPageFonts,
} from '../../src/integrations/page-fonts';

const ml = WEB_FONTS.ml!;
const ar = WEB_FONTS.ar!;
const codes = (text: string) => [...text].map((char) => char.codePointAt(0)!);
/** The joiners and marks every cut keeps (the ranges after the script's block). */
const kept = (font: typeof ml) =>
  font.ranges
    .slice(1)
    .flatMap(([from, to]) => Array.from({ length: to - from + 1 }, (_, i) => from + i));

/** A built page as Head.astro and Astro's CSP write it, with its language's preloads. */
const page = (tag: string, body: string) => `<!DOCTYPE html><html lang="${tag}"><head>
<meta http-equiv="content-security-policy" content="default-src 'self'; script-src 'self' 'sha256-a='; style-src 'self' 'sha256-b='">
<link rel="preload" as="font" type="font/woff2" href="${fontFile(ml, 400)}" crossorigin>
<link rel="preload" as="font" type="font/woff2" href="${fontFile(ml, 700)}" crossorigin>
<title>x</title></head><body>${body}</body></html>`;

describe('the letters a page draws', () => {
  it('are those of its font in its text, attributes, character references and scripts', () => {
    const html = page(
      'ml-IN',
      '<h1>കല</h1><input placeholder="പേര്"><img alt="&#x0D2E;"><p>English العربية</p>',
    );
    const script = 'const t = "\\u0D38";';
    const found = letters(ml, [html, script]);
    const expected = [...new Set([...codes('കലപേര്മസ'), ...kept(ml)])].sort((a, b) => a - b);
    expect(found).toEqual(expected);
    // Not the Arabic of the language switcher, nor Latin.
    expect(found.some((code) => code < 0x0d00)).toBe(false);
  });

  it('keep the joiners and marks even when the page has none', () => {
    expect(letters(ar, ['<p>no Arabic</p>'])).toEqual(kept(ar).sort((a, b) => a - b));
  });

  it("come with the page's language: Malayalam and Arabic pages have a font, English none", () => {
    expect(pageWebFont(page('ml-IN', ''))).toBe(ml);
    expect(pageWebFont(page('ar', ''))).toBe(ar);
    expect(pageWebFont(page('en-IN', ''))).toBeUndefined();
  });

  it("follow the page's scripts through their static and dynamic imports", () => {
    const html =
      '<script type="module" src="/_astro/page.AbC-1.js"></script><astro-island component-url="/_astro/Wizard.x_Y.js">';
    expect(pageScripts(html)).toEqual(['page.AbC-1.js', 'Wizard.x_Y.js']);
    const js =
      'import{a}from"./react.B1.js";const l={ml:()=>import(`./ml-Dbst.js`)};new URL("/_astro/w.js")';
    expect(scriptImports(js)).toEqual(['react.B1.js', 'ml-Dbst.js', 'w.js']);
  });

  it('name their files by the letters alone', () => {
    expect(lettersHash([1, 2, 3])).toBe(lettersHash([1, 2, 3]));
    expect(lettersHash([1, 2, 3])).not.toBe(lettersHash([1, 2, 4]));
  });
});

describe('a page with its own fonts', () => {
  const found = letters(ml, ['കല']);
  const hash = lettersHash(found);
  const faces = pageFontFaces(ml, found, hash);
  const html = withPageFonts(page('ml-IN', '<h1>കല</h1>'), ml, hash, faces);

  it('preloads its own files instead of the block', () => {
    for (const weight of ml.weights) {
      expect(html).toContain(`href="${pageFontFile(ml, weight, hash)}"`);
      expect(html).not.toContain(`href="${fontFile(ml, weight)}"`);
    }
  });

  it('declares them over exactly its letters, swapping, weight by weight', () => {
    expect(faces.match(/@font-face/g)).toHaveLength(ml.weights.length);
    expect(faces).toContain(`font-family:'${pageFamily(ml)}'`);
    expect(faces).toContain('font-display:swap');
    expect(faces).toContain('font-weight:400;');
    expect(faces).toContain('font-weight:500 900;');
    expect(faces).toContain('unicode-range:U+0D15, U+0D32, U+200C-200D, U+25CC}');
  });

  it('allows the declaration in its CSP by its hash, and nothing else inline', () => {
    const style = /<style>([^<]*)<\/style>/.exec(html)?.[1] ?? '';
    expect(style).toBe(faces);
    const hash = createHash('sha256').update(style).digest('base64');
    expect(html).toContain(`style-src 'sha256-${hash}' 'self' 'sha256-b='`);
    expect(html).not.toContain('unsafe-inline');
  });

  it('declares them before </head> when it preloads nothing (the framed infographics)', () => {
    const bare = '<html lang="ml-IN"><head><title>x</title></head><body>കല</body></html>';
    expect(withPageFonts(bare, ml, hash, faces)).toContain(`<style>${faces}</style></head>`);
  });
});
