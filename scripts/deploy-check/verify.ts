/**
 * The offline deploy check: bundles the functions as Netlify does (zip-it-and-ship-it, whose
 * default bundler for these TypeScript functions is nft, as netlify.toml sets no function
 * options) into a temporary folder, then holds its manifest.json, the zips and the built pages
 * against the rules in checks.ts. Nothing is deployed and nothing leaves the machine.
 *
 * The project is the folder above `functionsDir` (its package.json names the devDependencies,
 * and it is the bundler's base path, as the repository root is on Netlify).
 */
import { zipFunctions } from '@netlify/zip-it-and-ship-it';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { API_ROUTES as API_CONTRACT, type ApiRoute as ApiCall } from '../../src/lib/api-routes.ts';
import {
  BUNDLE_BUDGET_BYTES,
  bundledDevDependencies,
  conflictingPaths,
  leaksIn,
  oversizeBundles,
  secretsOf,
  unroutedCalls,
  type BundledFunction,
  type Route,
  type Secret,
} from './checks.ts';
import { zipEntries, type ZipEntry } from './zip.ts';

export interface VerifyOptions {
  functionsDir: string;
  distDir: string;
  env: Readonly<Record<string, string | undefined>>;
  contract?: readonly ApiCall[];
  budgetBytes?: number;
}

export interface VerifyResult {
  functions: BundledFunction[];
  problems: string[];
  /** Files of dist/ and of the bundles searched for secrets and source maps. */
  filesScanned: number;
  secretsChecked: number;
  ms: number;
}

interface Manifest {
  functions: { name: string; path: string; routes?: Route[] }[];
}

interface Bundle {
  function: BundledFunction;
  entries: ZipEntry[];
}

/** Bundles `functionsDir` into `out` and reads back each function's routes, size and files. */
async function bundle(functionsDir: string, out: string): Promise<Bundle[]> {
  const projectDir = dirname(functionsDir);
  const manifestPath = join(out, 'manifest.json');
  await zipFunctions([functionsDir], out, {
    basePath: projectDir,
    repositoryRoot: projectDir,
    manifest: manifestPath,
  });
  const manifest = JSON.parse(await readFile(manifestPath, 'utf8')) as Manifest;
  return Promise.all(
    [...manifest.functions]
      .sort((a, b) => a.name.localeCompare(b.name))
      .map(async (f) => {
        const zip = await readFile(f.path);
        const entries = zipEntries(zip);
        const files = entries.map((e) => e.name);
        return {
          function: { name: f.name, bytes: zip.length, routes: f.routes ?? [], files },
          entries,
        };
      }),
  );
}

async function devDependenciesOf(projectDir: string): Promise<string[]> {
  const pkg = JSON.parse(await readFile(join(projectDir, 'package.json'), 'utf8')) as {
    devDependencies?: Record<string, string>;
  };
  return Object.keys(pkg.devDependencies ?? {});
}

async function scanDist(distDir: string, secrets: readonly Secret[]) {
  const files = (await readdir(distDir, { recursive: true, withFileTypes: true })).filter((d) =>
    d.isFile(),
  );
  const problems: string[] = [];
  for (const file of files) {
    const path = join(file.parentPath, file.name);
    const where = `${basename(distDir)}/${relative(distDir, path).split('\\').join('/')}`;
    problems.push(...leaksIn(where, await readFile(path), secrets));
  }
  return { problems, count: files.length };
}

function scanBundles(bundles: readonly Bundle[], secrets: readonly Secret[]) {
  const problems = bundles.flatMap((b) =>
    b.entries.flatMap((e) => leaksIn(`${b.function.name}.zip:${e.name}`, e.read(), secrets)),
  );
  return { problems, count: bundles.reduce((n, b) => n + b.entries.length, 0) };
}

export async function verifyDeploy(options: VerifyOptions): Promise<VerifyResult> {
  const started = performance.now();
  const functionsDir = resolve(options.functionsDir);
  const distDir = resolve(options.distDir);
  const contract = options.contract ?? API_CONTRACT;
  const secrets = secretsOf(options.env);
  const out = await mkdtemp(join(tmpdir(), 'verify-deploy-'));
  const problems: string[] = [];
  let bundles: Bundle[] = [];
  let filesScanned = 0;
  try {
    try {
      bundles = await bundle(functionsDir, out);
      const functions = bundles.map((b) => b.function);
      problems.push(
        ...unroutedCalls(functions, contract),
        ...conflictingPaths(functions, contract),
        ...oversizeBundles(functions, options.budgetBytes ?? BUNDLE_BUDGET_BYTES),
        ...bundledDevDependencies(functions, await devDependenciesOf(dirname(functionsDir))),
      );
    } catch (error) {
      // The bundler's own words (a syntax error, an unresolvable import) are what to fix; the
      // route checks would only add a line for every call.
      problems.push(`the functions could not be bundled: ${(error as Error).message}`);
    }
    const scanned = scanBundles(bundles, secrets);
    problems.push(...scanned.problems);
    filesScanned += scanned.count;
    if (existsSync(distDir)) {
      const dist = await scanDist(distDir, secrets);
      problems.push(...dist.problems);
      filesScanned += dist.count;
    } else {
      problems.push(`${distDir} does not exist: build the site first (npm run build)`);
    }
  } finally {
    await rm(out, { recursive: true, force: true });
  }
  return {
    functions: bundles.map((b) => b.function),
    problems,
    filesScanned,
    secretsChecked: secrets.length,
    ms: Math.round(performance.now() - started),
  };
}
