/**
 * Astro writes its one island rule (`astro-island{display:contents}` and kin) as a `<style>`
 * just before the first island, inside `<body>`, which HTML does not allow (the W3C checker
 * reports it on every page with an island). After the build this moves it, unchanged, to the
 * end of `<head>`: the CSP hash Astro computed for it still matches, and it applies sooner.
 */
import type { AstroIntegration } from 'astro';
import { readFile, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ISLAND_STYLE =
  /<style>astro-island,astro-slot,astro-static-slot\{display:contents\}<\/style>/;

/** The page with its island style in `<head>`; unchanged when it has none or has it there. */
export function moveIslandStyle(html: string): string {
  const match = ISLAND_STYLE.exec(html);
  const headEnd = html.indexOf('</head>');
  if (!match || headEnd === -1 || match.index < headEnd) return html;
  const without = html.slice(0, match.index) + html.slice(match.index + match[0].length);
  return without.slice(0, headEnd) + match[0] + without.slice(headEnd);
}

export default function islandStylesInHead(): AstroIntegration {
  return {
    name: 'island-styles-in-head',
    hooks: {
      'astro:build:done': async ({ dir }) => {
        const root = fileURLToPath(dir);
        const files = (await readdir(root, { recursive: true })).filter((f) => f.endsWith('.html'));
        for (const file of files) {
          const path = join(root, file);
          const html = await readFile(path, 'utf8');
          const moved = moveIslandStyle(html);
          if (moved !== html) await writeFile(path, moved);
        }
      },
    },
  };
}
