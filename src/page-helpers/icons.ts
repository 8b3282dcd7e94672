/**
 * Lucide icons, inlined at build time from lucide-static: no icon font, no request, no JS.
 * Content files name icons by their Lucide name (checked by the content schema against
 * src/content-schema/asset-names.ts); an unknown name fails the build.
 */
const files = import.meta.glob<string>('/node_modules/lucide-static/icons/*.svg', {
  query: '?raw',
  import: 'default',
  eager: true,
});

const icons = new Map(
  Object.entries(files).map(([path, svg]) => [
    path.slice(path.lastIndexOf('/') + 1, -'.svg'.length),
    svg,
  ]),
);

/** Inner markup (paths, circles…) of a 24×24 Lucide icon. */
export function iconBody(name: string): string {
  const svg = icons.get(name);
  if (svg === undefined) {
    throw new Error(
      `Unknown icon "${name}": use a file name from node_modules/lucide-static/icons`,
    );
  }
  return svg.slice(svg.indexOf('>', svg.indexOf('<svg')) + 1, svg.lastIndexOf('</svg>')).trim();
}
