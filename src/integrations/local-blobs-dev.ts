/**
 * `npm run dev` runs the functions against the corrected local Blobs server of
 * scripts/local-blobs.ts (atomic conditional writes, whole uploads, complete listings), as
 * `npm start` and the tests do, instead of the plain emulator @netlify/vite-plugin would start
 * (astro.config.mjs turns that off). The plugin runs each function call in a worker thread, which
 * copies this process's environment, so the Blobs context set here reaches every function.
 */
import type { AstroIntegration } from 'astro';
import { join } from 'node:path';

export default function localBlobsDev(): AstroIntegration {
  return {
    name: 'local-blobs-dev',
    hooks: {
      'astro:server:setup': async ({ server, logger }) => {
        // Under `netlify dev` the CLI serves Blobs and runs the functions (the plugin steps aside
        // too); without an HTTP server this is no dev server of ours to serve.
        if (process.env['NETLIFY_DEV'] || !server.httpServer) return;
        // Imported here, not above: builds load this file too, some in a copy without scripts/.
        const { startLocalBlobs } = await import('../../scripts/local-blobs.ts');
        const root = server.config.root;
        const directory = join(root, '.netlify/blobs-serve'); // Where `npm start` keeps it too.
        const stop = await startLocalBlobs(root, directory);
        server.httpServer.once('close', () => void stop());
        logger.info(`Blobs: scripts/local-blobs.ts on ${directory}`);
      },
    },
  };
}
