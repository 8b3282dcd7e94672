import type { ImageMetadata } from 'astro';

/**
 * The site's illustrations (src/assets/illustrations/*.svg), looked up by the names content
 * files use. An unknown name fails the build with the name in the message.
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

/** Every illustration name, for the content schema (src/content.config.ts). */
export const illustrationNames: readonly string[] = [...byName.keys()];

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
