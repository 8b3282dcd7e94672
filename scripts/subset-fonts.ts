/**
 * `npm run fonts`: cuts the Malayalam and Arabic web fonts (src/i18n/fonts.ts) from their
 * @fontsource packages down to their script's block, into public/fonts/, with the fonts' licence
 * (SIL OFL 1.1), and the few letters of the Malayalam language name (LANGUAGE_NAME_FONT). The files are committed, so builds need neither the packages nor this script;
 * run it again after changing WEB_FONTS or updating the packages. Prints each file's size.
 */
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import subsetFont from 'subset-font';
import { LANGUAGE_NAME_FONT, WEB_FONTS, fontFile } from '../src/i18n/fonts.ts';
import { LOCALE_INFO } from '../src/i18n/locales.ts';

const root = new URL('..', import.meta.url).pathname;
const require = createRequire(import.meta.url);
const out = join(root, 'public/fonts');
mkdirSync(out, { recursive: true });

for (const font of Object.values(WEB_FONTS)) {
  const folder = dirname(require.resolve(`${font.source}/package.json`));
  const text = font.ranges
    .flatMap(([from, to]) => Array.from({ length: to - from + 1 }, (_, i) => from + i))
    .map((code) => String.fromCodePoint(code))
    .join('');
  for (const weight of font.weights) {
    const source = readFileSync(join(folder, 'files', `${font.subset}-${weight}-normal.woff2`));
    const subset = await subsetFont(source, text, { targetFormat: 'woff2' });
    const target = join(root, 'public', fontFile(font, weight));
    writeFileSync(target, subset);
    console.log(`${fontFile(font, weight)}: ${subset.length} bytes (from ${source.length})`);
  }
  const name = font.family.toLowerCase().replaceAll(' ', '-');
  copyFileSync(join(folder, 'LICENSE'), join(out, `OFL-${name}.txt`));
}

const nameFont = WEB_FONTS[LANGUAGE_NAME_FONT.font];
if (nameFont) {
  const folder = dirname(require.resolve(`${nameFont.source}/package.json`));
  const source = readFileSync(join(folder, 'files', `${nameFont.subset}-400-normal.woff2`));
  const subset = await subsetFont(source, LOCALE_INFO[LANGUAGE_NAME_FONT.font].name, {
    targetFormat: 'woff2',
  });
  writeFileSync(join(root, 'public', LANGUAGE_NAME_FONT.file), subset);
  console.log(`${LANGUAGE_NAME_FONT.file}: ${subset.length} bytes`);
}
