/**
 * The schemas ship to browsers: they must not import server or UI code; only valibot, each
 * other, the site's languages, the forms' words registry and the English messages (plain data,
 * src/i18n) — never every language's words, which only the server registers all of.
 */
import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, it } from 'vitest';

it('imports only valibot, sibling schema modules and the forms’ words', async () => {
  const dir = join(import.meta.dirname, '../../../src/lib/schemas');
  for (const file of await readdir(dir)) {
    const source = await readFile(join(dir, file), 'utf8');
    const imports = [
      ...source.matchAll(/^\s*(?:import|export)[^'"]*from\s+['"]([^'"]+)['"]/gm),
    ].map((match) => match[1]);
    for (const specifier of imports)
      expect(specifier, `${file}: ${specifier}`).toMatch(
        /^(valibot|\.\/[\w-]+\.ts|\.\.\/\.\.\/i18n\/(locales|fill|forms\/(registry|en-validation))\.ts)$/,
      );
  }
});
