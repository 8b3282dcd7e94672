/**
 * The Malayalam and Arabic pages get a cut of their language's web font holding only the letters
 * the site's pages in that language draw, instead of the whole script block (src/i18n/fonts.ts):
 * after the build, for every page whose `<html lang>` has a web font, this gathers the letters of
 * that script found in the page's HTML (text, attributes such as alt, title, aria-label,
 * placeholder and value, the islands' props) and in the scripts it loads, followed through their
 * imports (the words the forms load in the browser), and cuts both weights of the letters of all
 * the language's pages from the block files with harfbuzz (subset-font) into
 * `/fonts/<family>-<weight>-<hash>.woff2`. Each page then preloads those files instead of the
 * block's and declares them in an inline `<style>` as `pageFamily(font)`, exactly over the letters
 * they hold (its hash joins the page's CSP). fonts.css names that family first and the block's second, so a letter
 * the page did not carry (typed into a form, or an announcement saved after the build) is drawn
 * from the block's file, fetched only then.
 */
import type { AstroIntegration } from 'astro';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { copyFile, mkdir, readFile, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import subsetFont from 'subset-font';
import {
  WEB_FONTS,
  fontFile,
  pageFamily,
  pageFontFile,
  toRanges,
  unicodeRange,
  type WebFont,
} from '../i18n/fonts.ts';
import { LOCALE_INFO, LOCALES } from '../i18n/locales.ts';

/** The web font of a page in a language that has one, read from its `<html lang>`. */
export function pageWebFont(html: string): WebFont | undefined {
  const tag = /<html[^>]*\slang="([^"]+)"/.exec(html)?.[1];
  const locale = LOCALES.find((each) => LOCALE_INFO[each].tag === tag);
  return locale ? WEB_FONTS[locale] : undefined;
}

/** Text with its character references and JavaScript escapes written out as the letters. */
export function unescaped(text: string): string {
  return text
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, decimal: string) => String.fromCodePoint(Number(decimal)))
    .replace(/\\u\{([0-9a-f]+)\}/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/\\u([0-9a-f]{4})/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)));
}

const inRanges = (code: number, ranges: WebFont['ranges']) =>
  ranges.some(([from, to]) => code >= from && code <= to);

/**
 * The code points of `font` that `texts` use, sorted, with the joiners and marks of its ranges
 * after the script's block (the first range) always kept: a joiner typed or pasted inside a word
 * must not send half of the word to another font.
 */
export function letters(font: WebFont, texts: readonly string[]): number[] {
  const codes = new Set<number>();
  for (const [from, to] of font.ranges.slice(1)) {
    for (let code = from; code <= to; code++) codes.add(code);
  }
  for (const text of texts) {
    for (const char of unescaped(text)) {
      const code = char.codePointAt(0) ?? 0;
      if (inRanges(code, font.ranges)) codes.add(code);
    }
  }
  return [...codes].sort((a, b) => a - b);
}

/** The build's scripts a page names (`/_astro/….js`: module scripts, islands, preloads). */
export function pageScripts(html: string): string[] {
  return [...new Set([...html.matchAll(/\/_astro\/([\w.-]+\.js)/g)].map(([, name]) => name!))];
}

/** The build's scripts a script imports, statically or dynamically (`./x.js`, `/_astro/x.js`). */
export function scriptImports(js: string): string[] {
  const names = js.matchAll(/["'`](?:\.\/|\/_astro\/)([\w.-]+\.js)["'`]/g);
  return [...new Set([...names].map(([, name]) => name!))];
}

/** A short name for a set of letters: pages that hold the same letters share their files. */
export function lettersHash(codes: readonly number[]): string {
  return createHash('sha256').update(codes.join(',')).digest('hex').slice(0, 10);
}

/** The `font-weight` a weight's face covers: the first its own, each later one up to 900. */
function weightRange(font: WebFont, weight: number): string {
  const index = font.weights.indexOf(weight);
  const before = font.weights[index - 1];
  return before === undefined ? `${weight}` : `${before + 100} 900`;
}

/** The `@font-face` rules of a page's cut of `font`, one per weight. */
export function pageFontFaces(font: WebFont, codes: readonly number[], hash: string): string {
  const range = unicodeRange(font, toRanges(codes));
  return font.weights
    .map(
      (weight) =>
        `@font-face{font-family:'${pageFamily(font)}';font-style:normal;` +
        `font-weight:${weightRange(font, weight)};font-display:swap;` +
        `src:url('${pageFontFile(font, weight, hash)}') format('woff2');unicode-range:${range}}`,
    )
    .join('');
}

/** The CSP source that allows the inline style `css`. */
export function styleHash(css: string): string {
  return `'sha256-${createHash('sha256').update(css).digest('base64')}'`;
}

/**
 * The page preloading its own cut of `font` where it preloaded the block's files, and declaring
 * it (`faces`) in a `<style>` after those preloads (else at the end of `<head>`: the framed
 * infographics preload nothing), allowed by the page's CSP meta tag when it has one.
 */
export function withPageFonts(html: string, font: WebFont, hash: string, faces: string): string {
  let page = html;
  let preloadEnd = -1;
  for (const weight of font.weights) {
    const preload = `href="${fontFile(font, weight)}"`;
    const at = page.indexOf(preload);
    if (at === -1) continue;
    page = page.replace(preload, `href="${pageFontFile(font, weight, hash)}"`);
    preloadEnd = Math.max(preloadEnd, page.indexOf('>', at) + 1);
  }
  const at = preloadEnd === -1 ? page.indexOf('</head>') : preloadEnd;
  if (at === -1) throw new Error('The page has no <head> to declare its fonts in');
  page = `${page.slice(0, at)}<style>${faces}</style>${page.slice(at)}`;
  const csp = /<meta http-equiv="content-security-policy" content="[^"]*"/i.exec(page);
  if (!csp) return page;
  if (!csp[0].includes('style-src ')) throw new Error('The page CSP has no style-src to allow');
  const allowed = csp[0].replace('style-src ', `style-src ${styleHash(faces)} `);
  return page.replace(csp[0], allowed);
}

/**
 * A block font's file: a hash of it, and (on first call of `sfnt`) the uncompressed font, cut
 * from far faster than its WOFF2. Cuts are kept between builds in Astro's cache folder
 * (node_modules/.astro, which Netlify keeps) under the block's hash and the letters', so a build
 * cuts only for pages whose letters changed.
 */
function blockFont(path: string): { hash: string; sfnt: () => Promise<Buffer> } {
  const woff2 = readFileSync(path);
  let sfnt: Promise<Buffer> | undefined;
  return {
    hash: createHash('sha256').update(woff2).digest('hex').slice(0, 10),
    sfnt: () =>
      (sfnt ??= subsetFont(woff2, null, { targetFormat: 'truetype', keepAllGlyphs: true })),
  };
}

/** Every file under `root` ending in `extension`, relative to it. */
async function filesIn(root: string, extension: string): Promise<string[]> {
  return (await readdir(root, { recursive: true })).filter((file) => file.endsWith(extension));
}

export default function pageFonts(): AstroIntegration {
  let cacheRoot: URL;
  return {
    name: 'page-fonts',
    hooks: {
      'astro:config:done': ({ config }) => {
        cacheRoot = config.cacheDir;
      },
      'astro:build:done': async ({ dir, logger }) => {
        const started = performance.now();
        const root = fileURLToPath(dir);
        const cacheDir = fileURLToPath(new URL('page-fonts/', cacheRoot));
        await mkdir(cacheDir, { recursive: true });
        const scripts = new Map<string, string>();
        /** The text of the scripts a page loads, followed through their imports. */
        const scriptsText = async (html: string): Promise<string[]> => {
          const queue = pageScripts(html);
          const seen = new Set<string>();
          for (let name = queue.pop(); name !== undefined; name = queue.pop()) {
            if (seen.has(name)) continue;
            seen.add(name);
            if (!scripts.has(name)) {
              const js = await readFile(join(root, '_astro', name), 'utf8').catch(() => '');
              scripts.set(name, js);
            }
            queue.push(...scriptImports(scripts.get(name) ?? ''));
          }
          return [...seen].map((name) => scripts.get(name) ?? '');
        };
        const blocks: Record<string, ReturnType<typeof blockFont>> = {};
        const cuts = new Set<string>();
        /** Writes the page's cut of each weight: from the cache, else cut and cached. */
        const cut = async (font: WebFont, codes: readonly number[], hash: string) => {
          for (const weight of font.weights) {
            const target = pageFontFile(font, weight, hash);
            if (cuts.has(target)) continue;
            cuts.add(target);
            const block = (blocks[fontFile(font, weight)] ??= blockFont(
              join(root, fontFile(font, weight)),
            ));
            const cached = join(cacheDir, `${block.hash}-${hash}.woff2`);
            if (!existsSync(cached)) {
              const text = String.fromCodePoint(...codes);
              await writeFile(
                cached,
                await subsetFont(await block.sfnt(), text, { targetFormat: 'woff2' }),
              );
            }
            await copyFile(cached, join(root, target));
          }
        };
        // One cut per language, of the letters all its pages use: as small as any page's own
        // (the pages share almost every letter) and, unlike a cut per page, cached from one page
        // to the next.
        const pages = new Map<WebFont, { path: string; html: string }[]>();
        const texts = new Map<WebFont, string[]>();
        for (const file of await filesIn(root, '.html')) {
          const path = join(root, file);
          const html = await readFile(path, 'utf8');
          const font = pageWebFont(html);
          if (!font) continue;
          pages.set(font, [...(pages.get(font) ?? []), { path, html }]);
          texts.set(font, [...(texts.get(font) ?? []), html, ...(await scriptsText(html))]);
        }
        for (const [font, ofFont] of pages) {
          const codes = letters(font, texts.get(font) ?? []);
          const hash = lettersHash(codes);
          await cut(font, codes, hash);
          const faces = pageFontFaces(font, codes, hash);
          for (const { path, html } of ofFont) {
            await writeFile(path, withPageFonts(html, font, hash, faces));
          }
        }
        const count = [...pages.values()].reduce((sum, each) => sum + each.length, 0);
        const took = Math.round(performance.now() - started);
        logger.info(
          `${count} pages get their language's cut fonts, in ${cuts.size} files (${took} ms)`,
        );
      },
    },
  };
}
