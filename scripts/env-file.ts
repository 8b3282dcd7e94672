/**
 * Fills in from the checkout's .env (`root` ends in a slash) what the environment lacks, when one
 * of `needed` is unset. It never overrides a variable that is set; with no .env, the environment
 * alone.
 */
export function loadEnvFileUnlessSet(root: string, needed: readonly string[]): void {
  if (needed.every((name) => process.env[name] !== undefined)) return;
  try {
    process.loadEnvFile(`${root}.env`);
  } catch {
    // No .env: the environment alone.
  }
}
