/**
 * The offline deploy check, run for real (zip-it-and-ship-it) on temporary copies of the
 * project's functions, never on the tree itself. A copy is functions/, the src/ folders they
 * import and package.json, with node_modules linked in: the bundles then hold that link rather
 * than the dependencies' files, which is all the route and leak checks need.
 */
import { cp, mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bundledDevDependencies,
  leaksIn,
  looksSecret,
  oversizeBundles,
  secretsOf,
  type BundledFunction,
} from '../../scripts/deploy-check/checks';
import { verifyDeploy } from '../../scripts/deploy-check/verify';

const root = process.cwd();
const secret = 'planted-jwt-secret-0123456789abcdef';
const env = { JWT_SECRET: secret, SITE_URL: 'https://www.example.org' };

let scratch = '';
let dist = '';

/** A fresh copy of the project's functions, edited by `edit` before the check runs. */
async function project(edit: (functionsDir: string) => Promise<void> = async () => undefined) {
  const dir = await mkdtemp(join(scratch, 'project-'));
  await cp(join(root, 'functions'), join(dir, 'functions'), { recursive: true });
  for (const folder of ['src/lib', 'src/config', 'src/i18n']) {
    await cp(join(root, folder), join(dir, folder), { recursive: true });
  }
  await cp(join(root, 'package.json'), join(dir, 'package.json'));
  await symlink(join(root, 'node_modules'), join(dir, 'node_modules'), 'dir');
  await edit(join(dir, 'functions'));
  return join(dir, 'functions');
}

/** A tiny built site: two pages and a script, as dist/ holds them. */
async function site(name: string, pages: Record<string, string> = {}) {
  const dir = join(scratch, name);
  await mkdir(join(dir, 'about'), { recursive: true });
  await mkdir(join(dir, '_astro'), { recursive: true });
  const files = {
    'index.html': '<!doctype html><title>Home</title><p>Welcome</p>',
    'about/index.html': '<!doctype html><title>About</title><p>About us</p>',
    '_astro/app.js': 'console.log("hi");',
    ...pages,
  };
  for (const [path, text] of Object.entries(files)) await writeFile(join(dir, path), text);
  return dir;
}

beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'verify-deploy-test-'));
  dist = await site('dist');
});
afterAll(() => rm(scratch, { recursive: true, force: true }));

// Each case bundles every function (~3 s alone, longer side by side on a busy machine).
describe('verifyDeploy on copies of the project', { timeout: 90_000 }, () => {
  it.concurrent(
    'passes the functions as they are, with every call of the contract routed',
    async () => {
      const result = await verifyDeploy({ functionsDir: await project(), distDir: dist, env });
      expect(result.problems).toEqual([]);
      const health = result.functions.find((f) => f.name === 'health');
      expect(health?.routes.map((r) => r.pattern)).toEqual(['/api/health']);
      expect(health?.files).toContain('functions/health.mjs');
      expect(result.secretsChecked).toBe(1);
    },
  );

  it.concurrent('fails, naming the call, when a route is removed', async () => {
    const functionsDir = await project(async (dir) => {
      const file = join(dir, 'health.ts');
      const source = await readFile(file, 'utf8');
      await writeFile(file, source.replace("path: '/api/health'", "path: '/api/healthz'"));
    });
    const { problems } = await verifyDeploy({ functionsDir, distDir: dist, env });
    expect(problems).toEqual(['GET /api/health is not routed to any function']);
  });

  it.concurrent('fails, naming both functions, when two claim one path', async () => {
    const functionsDir = await project((dir) =>
      cp(join(dir, 'login.ts'), join(dir, 'login-again.ts')),
    );
    const { problems } = await verifyDeploy({ functionsDir, distDir: dist, env });
    expect(problems).toEqual(['two functions claim one path: /api/login (login, login-again)']);
  });

  it.concurrent(
    'fails, naming the page and the variable but not the value, when a secret is in a page',
    async () => {
      const leaky = await site('dist-leaky', {
        'about/index.html': `<!doctype html><title>About</title><script>const k="${secret}"</script>`,
      });
      const { problems } = await verifyDeploy({
        functionsDir: await project(),
        distDir: leaky,
        env,
      });
      expect(problems).toEqual(['dist-leaky/about/index.html contains the value of JWT_SECRET']);
      expect(problems.join('\n')).not.toContain(secret);
    },
  );

  it.concurrent('fails when there is no built site to check', async () => {
    const { problems } = await verifyDeploy({
      functionsDir: await project(),
      distDir: join(scratch, 'never-built'),
      env,
    });
    expect(problems).toEqual([
      `${join(scratch, 'never-built')} does not exist: build the site first (npm run build)`,
    ]);
  });
});

describe('deploy check rules', () => {
  const bundle = (files: string[], bytes = 1000): BundledFunction => ({
    name: 'fn',
    bytes,
    routes: [],
    files,
  });

  it('names each devDependency found in a bundle, scoped and nested ones too, once', () => {
    const fn = bundle([
      'node_modules/jose/dist/index.js',
      'node_modules/vitest/index.js',
      'node_modules/vitest/package.json',
      'node_modules/@playwright/test/index.js',
      'node_modules/nodemailer/node_modules/sharp/lib/index.js',
    ]);
    expect(bundledDevDependencies([fn], ['vitest', '@playwright/test', 'sharp', 'eslint'])).toEqual(
      [
        'function fn bundles the devDependency vitest',
        'function fn bundles the devDependency @playwright/test',
        'function fn bundles the devDependency sharp',
      ],
    );
  });

  it('holds each bundle to the budget', () => {
    expect(oversizeBundles([bundle([], 1_400_000)])).toEqual([]);
    expect(oversizeBundles([bundle([], 1_600_000)])).toEqual([
      'function fn is 1.60 MB zipped, over the 1.50 MB budget',
    ]);
  });

  it('finds source maps by file name and by sourceMappingURL comment', () => {
    expect(leaksIn('dist/_astro/app.js.map', Buffer.from('{}'), [])).toEqual([
      'dist/_astro/app.js.map is a source map',
    ]);
    expect(
      leaksIn('dist/_astro/app.js', Buffer.from('x;\n//# sourceMappingURL=app.js.map'), []),
    ).toEqual(['dist/_astro/app.js links a source map (sourceMappingURL)']);
    expect(leaksIn('dist/_astro/app.js', Buffer.from('x;'), [])).toEqual([]);
  });

  it('takes secret-looking variables of 8 characters or more, never public ones', () => {
    for (const name of [
      'JWT_SECRET',
      'ADMIN_PASSWORD',
      'ADMIN_PASSWORD_HASH',
      'SMTP_PASS',
      'NETLIFY_AUTH_TOKEN',
      'STRIPE_API_KEY',
    ]) {
      expect(looksSecret(name), name).toBe(true);
    }
    for (const name of ['SMTP_HOST', 'ADMIN_USERNAME', 'SITE_URL', 'PUBLIC_MAPS_KEY', 'PASSAGE']) {
      expect(looksSecret(name), name).toBe(false);
    }
    expect(
      secretsOf({ JWT_SECRET: 'short', SMTP_PASS: 'long enough', SMTP_HOST: 'mail.example.org' }),
    ).toEqual([{ name: 'SMTP_PASS', value: 'long enough' }]);
  });
});
