/**
 * Generates the brand artwork: flat-vector illustrations, home slides, logo, icons and the
 * link-preview image. Deterministic; the outputs are committed, so run it by hand after a change:
 *
 *   npx node scripts/make-images.ts
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { C, svgDoc } from './art/core.ts';
import { iconSvg, markBody, markSvg } from './art/logo.ts';
import { H, W, scenes } from './art/scenes.ts';
import { ogScene, slides } from './art/wide.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const written: string[] = [];

async function put(rel: string, data: string | Buffer): Promise<void> {
  const file = join(root, rel);
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, data);
  written.push(rel);
}

const jpeg = (svg: string, quality: number) =>
  sharp(Buffer.from(svg))
    .flatten({ background: C.paper })
    .jpeg({ quality, progressive: true, mozjpeg: true })
    .toBuffer();

/** Rasterise a square SVG at `size` px (rendered at the right density, not upscaled). */
const png = (svg: string, size: number) =>
  sharp(Buffer.from(svg), { density: (72 * size) / Number(/width="(\d+)"/.exec(svg)?.[1] ?? size) })
    .resize(size, size)
    .png({ compressionLevel: 9, palette: size <= 64 ? false : true })
    .toBuffer();

/** A single-image ICO whose entry is a PNG (supported by every current browser). */
function ico(pngData: Buffer, size: number): Buffer {
  const head = Buffer.alloc(22);
  head.writeUInt16LE(0, 0);
  head.writeUInt16LE(1, 2);
  head.writeUInt16LE(1, 4);
  head.writeUInt8(size >= 256 ? 0 : size, 6);
  head.writeUInt8(size >= 256 ? 0 : size, 7);
  head.writeUInt8(0, 8);
  head.writeUInt8(0, 9);
  head.writeUInt16LE(1, 10);
  head.writeUInt16LE(32, 12);
  head.writeUInt32LE(pngData.length, 14);
  head.writeUInt32LE(22, 18);
  return Buffer.concat([head, pngData]);
}

// Illustrations, at twice their drawing size: the build rasterises them (Illustration.astro) at
// their declared size at most, and a hero on a 2x screen of 1280 px wants 2560.
for (const [name, draw] of Object.entries(scenes)) {
  await put(`src/assets/illustrations/${name}.svg`, svgDoc(W, H, draw(), 2));
}

// Home slides (the same bytes in src/assets for astro:assets and in public/ for direct links)
for (const [i, draw] of slides.entries()) {
  const buf = await jpeg(svgDoc(1920, 1080, draw()), 78);
  await put(`src/assets/slides/slide${i + 1}.jpg`, buf);
  await put(`public/images/slide${i + 1}.jpg`, buf);
}

// Logo and icons
await put('src/assets/logo.svg', markSvg());
await put('public/favicon.svg', markSvg());
await put('public/logo512.png', await png(markSvg(), 512));
await put('public/favicon.ico', ico(await png(markSvg(), 32), 32));
await put('public/apple-touch-icon.png', await png(iconSvg(180, 0.72, C.paper), 180));
await put('public/icon-192.png', await png(iconSvg(192, 0.6, C.paper), 192));
await put('public/icon-512.png', await png(iconSvg(512, 0.6, C.paper), 512));

const manifest = {
  name: 'Haritha Environmental Solutions',
  short_name: 'Haritha',
  start_url: '/',
  display: 'standalone',
  theme_color: C.forest,
  background_color: C.paper,
  icons: [
    { src: '/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any maskable' },
    { src: '/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any maskable' },
  ],
};
await put('public/manifest.webmanifest', JSON.stringify(manifest, null, 2) + '\n');

// Link preview: backwater scene with the mark on a paper disc at the left
const badge =
  `<circle cx="250" cy="300" r="130" fill="${C.paper}"/>` +
  `<g transform="translate(170 220) scale(2.5)">${markBody}</g>`;
await put('public/og-image.jpg', await jpeg(svgDoc(1200, 630, ogScene() + badge), 80));

console.log(`wrote ${written.length} files`);
