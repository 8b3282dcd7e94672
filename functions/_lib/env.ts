/**
 * Configuration from the environment, read at request time (never at module load, so a
 * changed variable or a test's override takes effect on the next request).
 */

import { readEnv, readPositiveInt } from '../../src/lib/env.ts';

export { readEnv, readPositiveInt };

const DEPLOYED_CONTEXTS = new Set(['production', 'deploy-preview', 'branch-deploy']);

/** The deploy context: the request's own (`context.deploy.context`), else the CONTEXT variable. */
export function readDeployContext(requestContext?: string): string | undefined {
  return requestContext ?? readEnv('CONTEXT');
}

/**
 * What a deploy context means to this site, decided here once: `production`; `preview` for deploy
 * previews and branch deploys (their own data, their own tokens, no e-mail by default); `local`
 * for everything else (`dev`, tests, unknown contexts). Storage, tokens, e-mail and the CDN
 * purge each read this.
 */
export type DeployScope = 'production' | 'preview' | 'local';

const SCOPES = new Map<string, DeployScope>([
  ['production', 'production'],
  ['deploy-preview', 'preview'],
  ['branch-deploy', 'preview'],
]);

export function deployScopeOf(requestContext?: string): DeployScope {
  return SCOPES.get(readDeployContext(requestContext) ?? '') ?? 'local';
}

/**
 * True on any public deploy (production, previews, branch deploys) or with NODE_ENV=production.
 * Local-only conveniences such as ADMIN_PASSWORD are refused there.
 */
export function isDeployed(deployContext?: string): boolean {
  const context = readDeployContext(deployContext);
  return (
    (context !== undefined && DEPLOYED_CONTEXTS.has(context)) ||
    readEnv('NODE_ENV') === 'production'
  );
}

/** Milliseconds any one storage operation may take before the request answers 503. */
export function storageTimeoutMs(): number {
  return readPositiveInt('STORAGE_TIMEOUT_MS', 4_000);
}
