/**
 * The editors' CMS at /cms/: Decap CMS's prebuilt browser bundle, served from the
 * build, never from a CDN, with a config generated from the content schemas (src/integrations/cms).
 *
 * The bundle carries its own React and is copied as files, so nothing of it enters Vite's graph
 * and no public page can import it. The build writes dist/cms/: index.html, config.yml, init.js
 * (the site's stylesheets as the preview style; starts the CMS), manual-init.js, formats.js (the
 * tidy YAML formats with the `yaml` package, bundled by esbuild), preview.js and editing.js (the
 * preview templates; the text fields' messages and counters and the pickers; both copied from
 * src/integrations/cms/), what the pickers draw (Lucide's sprite and tags, the illustrations)
 * and the bundle with its lazily loaded chunks, minus their source-map comments (`npm run
 * verify:deploy` refuses source maps); with no repository configured, only a page saying what to
 * do. `astro dev` serves the same files from memory, config regenerated per request, for
 * `npm run cms`. netlify.toml gives /cms/* its own CSP and `noindex`.
 */
import type { AstroIntegration } from 'astro';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { copyFile, mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cmsConfig, previewTemplates, type CmsConfig } from './cms/config.ts';
import { FILE_NUMBER } from './cms/saving.js';
import { configYaml } from './cms/yaml.ts';

/** The folder of decap-cms's prebuilt files (decap-cms.js, its chunks and their wasm). */
const bundleDir = () => dirname(createRequire(import.meta.url).resolve('decap-cms'));

/** Files of the bundle the browser may ask for: the entry, its chunks, wasm, the license. */
const SHIPPED = /^(\d+\.)?decap-cms\.js$|^[0-9a-f]+\.wasm$|^decap-cms\.js\.LICENSE\.txt$/;

const SOURCE_MAP_LINE = /\n\/\/# sourceMappingURL=\S+\s*$/;

export const CMS_PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="robots" content="noindex, nofollow" />
    <title>Content editor</title>
    <link href="/cms/config.yml" type="text/yaml" rel="cms-config-url" />
  </head>
  <body>
    <script src="/cms/manual-init.js"></script>
    <script src="/cms/decap-cms.js"></script>
    <script type="module" src="/cms/init.js"></script>
  </body>
</html>
`;

/** Browser modules copied as they are, by their name under /cms/: previews, field behaviour. */
const BROWSER_MODULES: Readonly<Record<string, string>> = {
  'preview.js': 'src/integrations/cms/preview.js',
  'editing.js': 'src/integrations/cms/editing.js',
  'saving.js': 'src/integrations/cms/saving.js',
};

/**
 * Stops the bundle from starting itself: the tidy formats (src/integrations/cms/tidy-yaml.ts) must be
 * registered before the CMS reads its config, which names them. A file, since the CSP has no
 * 'unsafe-inline' for scripts.
 */
export const MANUAL_INIT = 'window.CMS_MANUAL_INIT = true;\n';

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"]/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? c,
  );

/**
 * /cms/ of a build that names no repository (CMS_GITHUB_REPO unset: `npm start`, or a deploy
 * before the setting is made): what to do, in the site's own styles, instead of Decap's raw
 * "Error loading the CMS configuration". No script: nothing of Decap is loaded.
 */
export function unconfiguredPage(styles: readonly string[]): string {
  const links = styles
    .map((href) => `    <link rel="stylesheet" href="${escapeHtml(href)}" />\n`)
    .join('');
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="robots" content="noindex, nofollow" />
    <title>Content editor: not set up yet</title>
${links}  </head>
  <body>
    <main id="main-content" style="padding: 3rem 0 4rem">
      <div class="container prose">
        <h1>The content editor is not set up on this site yet</h1>
        <p>
          This copy of the site was built without a repository for the editor to save into, so
          there is nothing to sign in to here.
        </p>
        <h2>To edit on this website</h2>
        <p>
          Whoever runs the site sets <code>CMS_GITHUB_REPO</code> (the GitHub repository, as
          <code>owner/name</code>) in the Netlify project's environment and deploys again; the
          README's section &ldquo;Editing in the browser (CMS)&rdquo; lists the steps, including
          the GitHub sign-in. This page then becomes the editor's sign-in.
        </p>
        <h2>To edit on your own computer</h2>
        <p>
          In a copy of the repository, run <code>npm run cms</code> and open
          <a href="http://127.0.0.1:4321/cms/">http://127.0.0.1:4321/cms/</a>. Each save there is
          a commit on the branch you have checked out; no account is needed.
        </p>
        <p><a href="/">Back to the website</a></p>
      </div>
    </main>
  </body>
</html>
`;
}

/** The tidy formats with the `yaml` package, bundled for the browser (no CDN). */
const FORMATS_SOURCE = 'src/integrations/cms/tidy-yaml.ts';

export async function formatsScript(root: string): Promise<string> {
  const { build } = await import('esbuild');
  const result = await build({
    entryPoints: [join(root, FORMATS_SOURCE)],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    legalComments: 'none',
    write: false,
  });
  return result.outputFiles[0]?.text ?? '';
}

/** Collections whose new files are named by position (their slug template carries it). */
export function positionedCollections(config: CmsConfig): string[] {
  return config.collections.flatMap((collection) =>
    'folder' in collection && collection.slug.includes(FILE_NUMBER) ? [collection.name] : [],
  );
}

/**
 * Registers the formats, the field behaviour, the checks on saving, the site's stylesheets and
 * the preview templates, then starts the CMS.
 */
export function initScript(styles: readonly string[], config: CmsConfig): string {
  const { repo, branch } = config.backend;
  return `// Generated by src/integrations/cms.ts.
import { registerFormats, textsRead } from './formats.js';
import { registerPreviews } from './preview.js';
import { registerCounters, registerMessages, registerPickers } from './editing.js';
import { registerSaving } from './saving.js';
registerFormats(window.CMS);
registerMessages();
registerCounters();
registerPickers();
registerSaving(window.CMS, ${JSON.stringify({ repo, branch })}, ${JSON.stringify(positionedCollections(config))}, { locales: ${JSON.stringify(config.i18n.locales)}, textsRead });
for (const href of ${JSON.stringify(styles)}) window.CMS.registerPreviewStyle(href);
registerPreviews(${JSON.stringify(previewTemplates(config))});
window.CMS.init();
`;
}

/** The stylesheets the built home page links, as the preview style. */
async function siteStyles(dist: string): Promise<string[]> {
  const home = await readFile(join(dist, 'index.html'), 'utf8').catch(() => '');
  return [...home.matchAll(/<link\b[^>]*\brel="stylesheet"[^>]*>/g)].flatMap(
    ([tag]) => /\bhref="([^"]+\.css)"/.exec(tag)?.slice(1) ?? [],
  );
}

async function shippedFile(name: string): Promise<Buffer | string> {
  const content = await readFile(join(bundleDir(), name));
  return name.endsWith('.js') ? content.toString('utf8').replace(SOURCE_MAP_LINE, '\n') : content;
}

const lucideDir = () =>
  dirname(createRequire(import.meta.url).resolve('lucide-static/package.json'));

/**
 * What the pickers and previews draw (src/integrations/cms/editing.js), by name under /cms/:
 * Lucide's sprite and its tags (searched by the icon picker), and each illustration's source.
 */
async function pictureFiles(root: string): Promise<Map<string, () => Promise<Buffer | string>>> {
  const files = new Map<string, () => Promise<Buffer | string>>([
    ['icons.svg', () => readFile(join(lucideDir(), 'sprite.svg'))],
    [
      'icon-tags.json',
      async () =>
        JSON.stringify(JSON.parse(await readFile(join(lucideDir(), 'tags.json'), 'utf8'))),
    ],
  ]);
  const illustrations = join(root, 'src/assets/illustrations');
  for (const file of await readdir(illustrations)) {
    if (file.endsWith('.svg')) {
      files.set(`illustrations/${file}`, () => readFile(join(illustrations, file)));
    }
  }
  return files;
}

const TYPES: Readonly<Record<string, string>> = {
  '.svg': 'image/svg+xml',
  '.json': 'application/json; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.wasm': 'application/wasm',
  '.yml': 'text/yaml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
};

type Env = Readonly<Record<string, string | undefined>>;

/** The site's global stylesheet as `astro dev` serves it (the build links its hashed copy). */
const DEV_STYLESHEET = '/src/styles/global.css';

/** `astro dev`: /cms/ from memory and node_modules. */
export function devMiddleware(root: string, env: Env = process.env) {
  return (request: IncomingMessage, response: ServerResponse, next: () => void) => {
    const path = (request.url ?? '').split('?')[0] ?? '';
    if (path !== '/cms' && !path.startsWith('/cms/')) return next();
    const name = path.replace(/^\/cms\/?/, '');
    const send = (type: string, body: Buffer | string) => {
      response.writeHead(200, { 'Content-Type': type, 'Cache-Control': 'no-store' });
      response.end(body);
    };
    if (name === '' || name === 'index.html') return send('text/html; charset=utf-8', CMS_PAGE);
    if (name === 'config.yml') return send(TYPES['.yml'] ?? '', configYaml(cmsConfig(root, env)));
    if (name === 'init.js') {
      // Vite serves a stylesheet as CSS to a <link>: the site's global styles, as in the build.
      const styles = [DEV_STYLESHEET];
      return send(TYPES['.js'] ?? '', initScript(styles, cmsConfig(root, env)));
    }
    if (name === 'manual-init.js') return send(TYPES['.js'] ?? '', MANUAL_INIT);
    if (name === 'formats.js') {
      return void formatsScript(root).then((body) => send(TYPES['.js'] ?? '', body), next);
    }
    const module = BROWSER_MODULES[name];
    if (module !== undefined) {
      return void readFile(join(root, module)).then((body) => send(TYPES['.js'] ?? '', body), next);
    }
    if (name.endsWith('.svg') || name.endsWith('.json')) {
      return void pictureFiles(root)
        .then((files) => files.get(name)?.())
        .then(
          (body) => (body === undefined ? next() : send(TYPES[extname(name)] ?? '', body)),
          next,
        );
    }
    if (!SHIPPED.test(name)) return next();
    shippedFile(name).then(
      (body) => send(TYPES[name.slice(name.lastIndexOf('.'))] ?? '', body),
      () => next(),
    );
  };
}

export default function cms(env: Env = process.env): AstroIntegration {
  let root = process.cwd();
  return {
    name: 'cms',
    hooks: {
      'astro:config:done': ({ config }) => {
        root = fileURLToPath(config.root);
      },
      'astro:server:setup': ({ server }) => {
        server.middlewares.use(devMiddleware(root, env));
      },
      'astro:build:done': async ({ dir, logger }) => {
        const dist = fileURLToPath(dir);
        const out = join(dist, 'cms');
        await mkdir(out, { recursive: true });
        const config = cmsConfig(root, env);
        const styles = await siteStyles(dist);
        if (config.backend.repo === undefined) {
          logger.info('CMS_GITHUB_REPO is not set: /cms/ says how to set it or use `npm run cms`');
          await writeFile(join(out, 'index.html'), unconfiguredPage(styles));
          return;
        }
        const files = (await readdir(bundleDir())).filter((name) => SHIPPED.test(name));
        const pictures = await pictureFiles(root);
        await mkdir(join(out, 'illustrations'), { recursive: true });
        await Promise.all([
          ...[...pictures].map(async ([name, read]) => writeFile(join(out, name), await read())),
          writeFile(join(out, 'index.html'), CMS_PAGE),
          writeFile(join(out, 'config.yml'), configYaml(config)),
          writeFile(join(out, 'init.js'), initScript(styles, config)),
          ...Object.entries(BROWSER_MODULES).map(([name, source]) =>
            copyFile(join(root, source), join(out, name)),
          ),
          writeFile(join(out, 'manual-init.js'), MANUAL_INIT),
          writeFile(join(out, 'formats.js'), await formatsScript(root)),
          ...files.map(async (name) =>
            name.endsWith('.js')
              ? writeFile(join(out, name), await shippedFile(name))
              : copyFile(join(bundleDir(), name), join(out, name)),
          ),
        ]);
        logger.info(`/cms/: ${config.collections.length} collections, ${files.length} files`);
      },
    },
  };
}
