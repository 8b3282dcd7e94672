/**
 * The deploy check's rules, as pure functions over what the bundler reported: each returns the
 * problems it found, one sentence each, naming the function, path or file (never a secret).
 */
import { samplePath, type ApiRoute as ApiCall } from '../../src/lib/api-routes.ts';

/** One route of a function, as zip-it-and-ship-it writes it into manifest.json. */
export interface Route {
  pattern: string;
  literal?: string;
  expression?: string;
  /** Empty or absent: every method. */
  methods?: string[];
}

export interface BundledFunction {
  name: string;
  /** Zipped size in bytes. */
  bytes: number;
  routes: Route[];
  /** Paths of the files inside the zip. */
  files: string[];
}

/**
 * Per function, zipped. Today's bundles are 0.37–0.91 MB (the largest carry nodemailer and jose);
 * 1.5 MB leaves room for honest growth but stops a stray dependency (React, Astro, sharp: several
 * MB each) from riding along and slowing every cold start.
 */
export const BUNDLE_BUDGET_BYTES = 1_500_000;

/** Secret values shorter than this are too likely to occur by chance (`true`, `587`). */
const MIN_SECRET_LENGTH = 8;

const megabytes = (bytes: number) => `${(bytes / 1_000_000).toFixed(2)} MB`;

function handlesMethod(route: Route, method: string): boolean {
  return !route.methods?.length || route.methods.includes(method);
}

/** Netlify's routing: a literal path, or the expression it compiled from a URLPattern path. */
export function routeMatches(route: Route, method: string, path: string): boolean {
  if (!handlesMethod(route, method)) return false;
  if (route.literal !== undefined) return route.literal === path;
  return route.expression !== undefined && new RegExp(route.expression).test(path);
}

function claimants(functions: readonly BundledFunction[], call: ApiCall): BundledFunction[] {
  const path = samplePath(call.path);
  return functions.filter((f) => f.routes.some((r) => routeMatches(r, call.method, path)));
}

/** Every call of the contract reaches a function. */
export function unroutedCalls(
  functions: readonly BundledFunction[],
  contract: readonly ApiCall[],
): string[] {
  return contract
    .filter((call) => claimants(functions, call).length === 0)
    .map((call) => `${call.method} ${call.path} is not routed to any function`);
}

function methodsOverlap(a: Route, b: Route): boolean {
  if (!a.methods?.length || !b.methods?.length) return true;
  return a.methods.some((m) => b.methods?.includes(m));
}

const samePattern = (a: Route, b: Route) =>
  a.pattern.replace(/\/$/, '') === b.pattern.replace(/\/$/, '') && methodsOverlap(a, b);

/**
 * No two functions claim one path: neither the same declared path (for a shared method), nor
 * overlapping patterns that both match one call of the contract (Netlify would pick one
 * silently).
 */
export function conflictingPaths(
  functions: readonly BundledFunction[],
  contract: readonly ApiCall[],
): string[] {
  const problems = new Set<string>();
  functions.forEach((f, i) => {
    for (const g of functions.slice(i + 1)) {
      for (const route of f.routes) {
        if (g.routes.some((other) => samePattern(route, other))) {
          const names = [f.name, g.name].sort().join(', ');
          problems.add(`two functions claim one path: ${route.pattern} (${names})`);
        }
      }
    }
  });
  for (const call of contract) {
    const path = samplePath(call.path);
    const matching = claimants(functions, call);
    const patterns = new Set(
      matching.flatMap((f) =>
        f.routes.filter((r) => routeMatches(r, call.method, path)).map((r) => r.pattern),
      ),
    );
    // Identical patterns were reported above; here only patterns that overlap.
    if (matching.length > 1 && patterns.size > 1) {
      problems.add(
        `${call.method} ${call.path} is claimed by several functions: ${matching.map((f) => f.name).join(', ')}`,
      );
    }
  }
  return [...problems];
}

export function oversizeBundles(
  functions: readonly BundledFunction[],
  budget = BUNDLE_BUDGET_BYTES,
): string[] {
  return functions
    .filter((f) => f.bytes > budget)
    .map(
      (f) =>
        `function ${f.name} is ${megabytes(f.bytes)} zipped, over the ${megabytes(budget)} budget`,
    );
}

/** Package names under every `node_modules/` of a path (nested ones included). */
export function packagesIn(path: string): string[] {
  const parts = path.split('/');
  const names: string[] = [];
  parts.forEach((part, i) => {
    if (part !== 'node_modules') return;
    const first = parts[i + 1];
    if (!first) return;
    names.push(first.startsWith('@') ? `${first}/${parts[i + 2] ?? ''}` : first);
  });
  return names;
}

/** No devDependency of package.json rides along in a bundle. */
export function bundledDevDependencies(
  functions: readonly BundledFunction[],
  devDependencies: readonly string[],
): string[] {
  const dev = new Set(devDependencies);
  return functions.flatMap((f) => {
    const found = new Set(f.files.flatMap(packagesIn).filter((name) => dev.has(name)));
    return [...found].map((name) => `function ${f.name} bundles the devDependency ${name}`);
  });
}

/** A variable name that looks like it holds a secret (Astro's PUBLIC_* are public by design). */
export function looksSecret(name: string): boolean {
  const upper = name.toUpperCase();
  if (upper.startsWith('PUBLIC_')) return false;
  if (/SECRET|TOKEN|PASSWORD|PASSWD|PASSPHRASE|KEY|CREDENTIAL|PRIVATE/.test(upper)) return true;
  return upper.split(/[^A-Z0-9]+/).some((word) => word === 'PASS' || word === 'HASH');
}

export interface Secret {
  name: string;
  value: string;
}

/** The values of the environment's secret-looking variables, long enough to be worth a search. */
export function secretsOf(env: Readonly<Record<string, string | undefined>>): Secret[] {
  return Object.entries(env).flatMap(([name, value]) =>
    value !== undefined && value.trim().length >= MIN_SECRET_LENGTH && looksSecret(name)
      ? [{ name, value: value.trim() }]
      : [],
  );
}

const TEXT_WITH_SOURCE_MAPS = /\.(?:m?js|cjs|css|html?)$/;
const SOURCE_MAP_COMMENT = /[#@] sourceMappingURL=/;

/** What one shipped file gives away: secret values and source maps. `where` names the file. */
export function leaksIn(where: string, content: Buffer, secrets: readonly Secret[]): string[] {
  const problems = secrets
    .filter((s) => content.includes(s.value))
    .map((s) => `${where} contains the value of ${s.name}`);
  if (where.endsWith('.map')) problems.push(`${where} is a source map`);
  else if (
    TEXT_WITH_SOURCE_MAPS.test(where) &&
    SOURCE_MAP_COMMENT.test(content.toString('latin1'))
  ) {
    problems.push(`${where} links a source map (sourceMappingURL)`);
  }
  return problems;
}
