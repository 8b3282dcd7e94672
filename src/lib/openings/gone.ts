/**
 * A closed opening's address answers 410 Gone with a page that links to /careers. The build
 * writes the rules into dist/_redirects (Netlify applies custom status codes to rewrites: the
 * "no longer open" page is shown at the old address with status 410), and the local server
 * (scripts/serve.ts) reads the same file with `parseGoneRules`, so `npm start` answers as
 * Netlify does. This module is the one place that writes and reads the rule's form.
 */
import { closedPagePath, openingPath, type Opening } from './openings.ts';

export interface GoneRule {
  /** The closed opening's address, e.g. /ml/careers/site-engineer. */
  from: string;
  /** The "no longer open" page shown there, e.g. /ml/careers/closed. */
  to: string;
}

/** One rule per closed opening and language. */
export function goneRules(closed: readonly Pick<Opening, 'slug' | 'locale'>[]): GoneRule[] {
  return closed.map((opening) => ({
    from: openingPath(opening),
    to: closedPagePath(opening.locale),
  }));
}

/** The comment line that starts the generated block of dist/_redirects. */
export const GONE_HEADER = '# Closed openings: 410 Gone (src/lib/openings/gone.ts)';

/**
 * The rules in Netlify's `_redirects` form: `from  to  410!`, forced so no stale file at the old
 * address could shadow it, and each with and without the trailing slash Astro's pages carry.
 */
export function goneRedirects(rules: readonly GoneRule[]): string {
  if (rules.length === 0) return '';
  const lines = rules.flatMap(({ from, to }) => [`${from}  ${to}  410!`, `${from}/  ${to}  410!`]);
  return `${GONE_HEADER}\n${lines.join('\n')}\n`;
}

/** The 410 rules of a `_redirects` file, by address (other rules are not this module's). */
export function parseGoneRules(text: string): Map<string, string> {
  const rules = new Map<string, string>();
  for (const line of text.split('\n')) {
    const [from, to, status, ...rest] = line.trim().split(/\s+/);
    if (from?.startsWith('/') && to?.startsWith('/') && status === '410!' && rest.length === 0) {
      rules.set(from, to);
    }
  }
  return rules;
}

/** The "no longer open" page for a request path, if it is a closed opening's address. */
export function goneTarget(
  rules: ReadonlyMap<string, string>,
  pathname: string,
): string | undefined {
  return rules.get(pathname);
}
