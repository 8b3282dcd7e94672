import type { ImageMetadata } from 'astro';

/**
 * The site's illustrations (src/assets/illustrations/*.svg), looked up by the names content
 * files use (checked by the content schema against src/content-schema/asset-names.ts). An unknown
 * name fails the build with the name in the message.
 */
const files = import.meta.glob<{ default: ImageMetadata }>('../assets/illustrations/*.svg', {
  eager: true,
});

const byName = new Map(
  Object.entries(files).map(([path, mod]) => [
    path.slice(path.lastIndexOf('/') + 1, -'.svg'.length),
    mod.default,
  ]),
);

export const defaultIllustration = 'hills-backwaters';

export function illustration(name: string = defaultIllustration): ImageMetadata {
  const image = byName.get(name);
  if (image === undefined) {
    throw new Error(
      `Unknown illustration "${name}": add src/assets/illustrations/${name}.svg or use one of ${[...byName.keys()].join(', ')}`,
    );
  }
  return image;
}
