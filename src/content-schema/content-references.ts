/**
 * Zod checks for the names content uses to point at assets and pages (icons, illustrations,
 * slide images, button links). Checked in the schema, a misspelt name fails `astro sync` and
 * `astro build` with Astro's content error, which names the file and the field; the message adds
 * the nearest valid name or the valid names. Without them a wrong name failed at render time
 * naming only the page, or passed unseen where the page does not show the field.
 * A link's `#fragment` is not checked: ids live in the rendered pages, not in the content.
 */
import { z } from 'astro/zod';
import { nearestName } from './nearest-name';

/** Longer lists are not printed in a message (2,000 icon names help nobody); `source` is. */
const maxListed = 60;

function help(value: string, names: readonly string[], source: string): string {
  const guess = nearestName(value, names);
  if (guess !== undefined) return `did you mean "${guess}"?`;
  if (names.length <= maxListed) return `use one of ${names.join(', ')}`;
  return `use a name from ${source}`;
}

/**
 * A string that must be one of `names`, e.g. `knownName('icon', iconNames, 'lucide-static')`.
 * `source` says where the names come from, for an editor who wants to add one.
 */
export function knownName(kind: string, names: readonly string[], source: string) {
  const valid = new Set(names);
  return z.string().superRefine((value, ctx) => {
    if (valid.has(value)) return;
    ctx.addIssue({
      code: 'custom',
      message: `unknown ${kind} "${value}" (${source}): ${help(value, names, source)}`,
    });
  });
}

export { routeOf } from './routes.ts';

/**
 * A link a button may point to: a `#section` of the same page, an `https://` URL, or a page of
 * this site (`paths`), optionally with a `#section`, e.g. `/#contact-form`.
 */
export function pageHref(paths: readonly string[]) {
  return z.string().superRefine((value, ctx) => {
    if (/^#[\w-]+$/.test(value) || /^(https?:\/\/|mailto:|tel:)\S+$/.test(value)) return;
    if (!value.startsWith('/')) {
      ctx.addIssue({
        code: 'custom',
        message: `"${value}" is not a link: use "#section", "/page", "/page#section" or "https://…"`,
      });
      return;
    }
    const path = value.replace(/[?#].*$/, '').replace(/(.)\/$/, '$1');
    if (paths.includes(path)) return;
    ctx.addIssue({
      code: 'custom',
      message: `no page "${path}" on this site: ${help(path, paths, 'src/pages')}`,
    });
  });
}
