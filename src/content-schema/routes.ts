/**
 * Page files and their URLs, read without Vite (the CMS config reads it in Node, the content
 * schemas through content-references.ts).
 */

/** The URL path of a page file, given as a path under `src/pages`, e.g. `about.astro` → `/about`. */
export function routeOf(file: string): string {
  const route = file.replace(/\.astro$/, '').replace(/(^|\/)index$/, '');
  return `/${route}`;
}
