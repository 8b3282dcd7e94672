/**
 * Reading the environment, shared by the build (src/lib/retention-period.ts) and the functions
 * (functions/_lib/env.ts re-exports it): read when called, never at module load.
 */

interface NetlifyEnv {
  get(name: string): string | undefined;
}

/** Netlify's runtime global when it exists (functions on Netlify and `@netlify/dev`), else process.env. */
export function readEnv(name: string): string | undefined {
  const netlify = (globalThis as { Netlify?: { env?: NetlifyEnv } }).Netlify;
  const value = netlify?.env ? netlify.env.get(name) : process.env[name];
  return value === undefined || value.trim() === '' ? undefined : value;
}

/** A positive integer variable, or `fallback` when unset or not a positive integer. */
export function readPositiveInt(name: string, fallback: number): number {
  const raw = readEnv(name);
  if (raw === undefined || !/^\d+$/.test(raw.trim())) return fallback;
  const value = Number(raw.trim());
  return Number.isSafeInteger(value) && value > 0 ? value : fallback;
}
