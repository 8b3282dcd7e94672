import type { ImageMetadata } from 'astro';

/**
 * Photos editors uploaded in the CMS (src/assets/uploads, named `/uploads/<file>` in content and
 * checked by the content schema against src/content-schema/asset-names.ts), for Astro's image
 * pipeline to size and convert like the site's own images.
 */
const files = import.meta.glob<{ default: ImageMetadata }>(
  '../assets/uploads/*.{jpg,jpeg,png,webp,avif,JPG,JPEG,PNG,WEBP,AVIF}',
  { eager: true },
);

const byName = new Map(
  Object.entries(files).map(([path, mod]) => [
    `/uploads/${path.slice(path.lastIndexOf('/') + 1)}`,
    mod.default,
  ]),
);

export function uploadedPhoto(src: string): ImageMetadata {
  const image = byName.get(src);
  if (image === undefined) throw new Error(`No uploaded photo "${src}" in src/assets/uploads`);
  return image;
}
