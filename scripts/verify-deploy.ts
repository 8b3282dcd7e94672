/**
 * `npm run verify:deploy`: the offline deploy check (scripts/deploy-check/verify.ts) on this
 * project's functions/ and its built dist/. Prints each bundle with its zipped size and routes,
 * then every problem; exits 1 when there is one.
 *
 *   npm run verify:deploy                      (after `npm run build`; `npm test` runs it last)
 *   npm run verify:deploy -- --dist /tmp/site  (a build made with `astro build --outDir`)
 *
 * Secrets are looked for by value: the environment's and those in .env, which a build could
 * have read. Only their names are ever printed.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs, parseEnv } from 'node:util';
import { verifyDeploy } from './deploy-check/verify.ts';

const root = join(import.meta.dirname, '..');
const { values } = parseArgs({
  options: {
    dist: { type: 'string', default: join(root, 'dist') },
    functions: { type: 'string', default: join(root, 'functions') },
  },
});

const dotEnv = join(root, '.env');
const env = {
  ...(existsSync(dotEnv) ? parseEnv(readFileSync(dotEnv, 'utf8')) : {}),
  ...process.env,
};

const result = await verifyDeploy({ functionsDir: values.functions, distDir: values.dist, env });

const rows = result.functions.map((f) => [
  f.name,
  `${(f.bytes / 1_000_000).toFixed(2)} MB`,
  f.routes.map((r) => r.pattern).join(', '),
]);
const header = ['function', 'zipped', 'routes'];
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]?.length ?? 0)));
const line = (cells: string[]) =>
  cells
    .map((c, i) => c.padEnd(widths[i] ?? 0))
    .join('  ')
    .trimEnd();
console.log([line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n'));
console.log(
  `\n${result.functions.length} functions, ${result.filesScanned} files searched for ` +
    `${result.secretsChecked} secret values and source maps, in ${(result.ms / 1000).toFixed(1)} s`,
);

if (result.problems.length > 0) {
  console.error(`\nverify:deploy found ${result.problems.length} problem(s):`);
  for (const problem of result.problems) console.error(`  - ${problem}`);
  process.exitCode = 1;
} else {
  console.log('verify:deploy: ready to ship');
}
