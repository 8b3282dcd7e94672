/**
 * The one door to Netlify Blobs: repositories call `withStore`, only while a request is handled
 * (a store opened at module load fails in production). The deploy context alone decides which
 * data a request sees: production, local runs and unknown contexts use site-wide stores; deploy
 * previews and branch deploys use deploy-scoped stores, so they never touch production's leads
 * (no deploy id: 503). Security bookkeeping (revoked tokens, login attempts) follows the
 * credentials instead (`storeLocation`). All storage calls of a request share one deadline,
 * STORAGE_TIMEOUT_MS from its start; a call that cannot connect, answers 5xx/429 or outlives it
 * throws `StorageUnavailableError` (the API answers 503) rather than let the Blobs client retry
 * past Netlify's 10 s function limit. Each `withStore` call is its own operation, so a clean-up
 * after a failed one still runs, within a short grace period past the deadline.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { getDeployStore, getStore, type Store } from '@netlify/blobs';
import { deployScopeOf, readEnv, storageTimeoutMs } from '../env.ts';

export class StorageUnavailableError extends Error {
  constructor(store: string, cause: unknown) {
    super(`Blobs store "${store}" is unavailable`, { cause });
    this.name = 'StorageUnavailableError';
  }
}

export type { Store };

/** Errors that are answers, not storage faults: a client error, a retry of a spent key. */
const PASSED_AS_IS = new Set(['HttpError', 'KeyConflictError', 'SubmissionGoneError']);

/** Admin views and anything written then read back use strong consistency. */
export type Consistency = 'strong' | 'eventual';

/** What the storage module needs of Netlify's context. */
export interface DeployInfo {
  context?: string;
  id?: string;
}

interface RequestScope {
  /** Epoch ms after which no storage call of this request may start or go on. */
  deadline: number;
  deploy: DeployInfo | undefined;
}

const requestScope = new AsyncLocalStorage<RequestScope>();

/**
 * Runs one request's work with one storage deadline and its deploy's data. `timeoutMs` replaces
 * STORAGE_TIMEOUT_MS for work that is no API request (the daily purge, under Netlify's 30 s).
 */
export function withRequestScope<T>(
  deploy: DeployInfo | undefined,
  work: () => Promise<T>,
  timeoutMs: number = storageTimeoutMs(),
) {
  return requestScope.run({ deadline: Date.now() + timeoutMs, deploy }, work);
}

/**
 * Starts this request's storage time again from now: for a request whose body (a CV of up to
 * 5 MB, uploaded from a slow phone) took time to arrive and be checked before any storage work
 * began. The deadline bounds storage, not the sender's connection; it only ever moves later.
 */
export function restartStorageClock(timeoutMs: number = storageTimeoutMs()): void {
  const scope = requestScope.getStore();
  if (scope) scope.deadline = Math.max(scope.deadline, Date.now() + timeoutMs);
}

/** Whose data a deploy context reads and writes. */
export type DataScope = { kind: 'site' } | { kind: 'deploy'; deployID: string | undefined };

export function dataScope(deploy: DeployInfo | undefined): DataScope {
  if (deployScopeOf(deploy?.context) === 'preview') {
    return { kind: 'deploy', deployID: deploy?.id ?? readEnv('DEPLOY_ID') };
  }
  return { kind: 'site' };
}

/**
 * What a store holds, which decides where it lives. `data` (leads, announcements) follows the
 * deploy (`dataScope`). `credentials` (revocations, login attempts) follows the admin tokens and
 * logins it guards, which are bound to env.ts's deploy scope, not to one deploy.
 */
export type StoreScope = 'data' | 'credentials';

/** One store: a site-wide store of that name, or a deploy's own store. */
export type StoreLocation =
  { kind: 'site'; name: string } | { kind: 'deploy'; name: string; deployID: string | undefined };

/** Prefix of the one site-wide credentials store that all previews and branch deploys share. */
const PREVIEW_CREDENTIALS_PREFIX = 'preview-';

/**
 * Where store `name` of `scope` lives for a deploy context. Credentials stores live where their
 * tokens are valid: production and local runs use the site-wide `<name>`; every deploy preview and
 * branch deploy shares the site-wide `preview-<name>`, never production's (no data store is named
 * `preview-…`). Data stores follow `dataScope`.
 */
export function storeLocation(
  name: string,
  deploy: DeployInfo | undefined,
  scope: StoreScope = 'data',
): StoreLocation {
  if (scope === 'credentials') {
    const preview = deployScopeOf(deploy?.context) === 'preview';
    return { kind: 'site', name: preview ? `${PREVIEW_CREDENTIALS_PREFIX}${name}` : name };
  }
  const data = dataScope(deploy);
  return data.kind === 'site' ? { kind: 'site', name } : { ...data, name };
}

/** Store `name` of `scope` for this request: a key for what an instance keeps in memory. */
export function scopedName(name: string, scope: StoreScope = 'data'): string {
  const at = storeLocation(name, requestScope.getStore()?.deploy, scope);
  return at.kind === 'site' ? `site:${at.name}` : `deploy:${at.deployID ?? ''}:${at.name}`;
}

function openStore(
  at: StoreLocation,
  options: { consistency: Consistency; fetch: typeof globalThis.fetch },
): Store {
  if (at.kind === 'site') return getStore({ name: at.name, ...options });
  // Without an id, getDeployStore takes the deploy's own from the Blobs context (or throws).
  return getDeployStore({
    name: at.name,
    ...options,
    ...(at.deployID ? { deployID: at.deployID } : {}),
  });
}

export interface StoreOptions {
  consistency?: Consistency;
  /** Extra time past the request's deadline (clean-up after a failure). */
  graceMs?: number;
  /** `credentials` for security bookkeeping (see `storeLocation`); default `data`. */
  scope?: StoreScope;
}

export async function withStore<T>(
  name: string,
  operation: (store: Store) => Promise<T>,
  { consistency = 'strong', graceMs = 0, scope: storeScope = 'data' }: StoreOptions = {},
): Promise<T> {
  const scope = requestScope.getStore();
  const deadline = (scope?.deadline ?? Date.now() + storageTimeoutMs()) + graceMs;
  const remaining = deadline - Date.now();
  const controller = new AbortController();
  const timer = setTimeout(
    () => controller.abort(new Error('the request ran out of storage time')),
    Math.max(0, remaining),
  );
  const aborted = new Promise<never>((_, reject) => {
    controller.signal.addEventListener('abort', () => reject(controller.signal.reason), {
      once: true,
    });
  });
  aborted.catch(() => {}); // Only observed through the race below.

  const boundedFetch: typeof globalThis.fetch = async (input, init) => {
    controller.signal.throwIfAborted();
    const signals = [controller.signal];
    if (init?.signal) signals.push(init.signal);
    try {
      const response = await fetch(input, { ...init, signal: AbortSignal.any(signals) });
      if (response.status >= 500 || response.status === 429) {
        controller.abort(new Error(`storage answered HTTP ${response.status}`));
      }
      return response;
    } catch (error) {
      controller.abort(error);
      throw error;
    }
  };

  try {
    if (remaining <= 0) throw new Error('the request ran out of storage time');
    const store = openStore(storeLocation(name, scope?.deploy, storeScope), {
      consistency,
      fetch: boundedFetch,
    });
    return await Promise.race([operation(store), aborted]);
  } catch (error) {
    // A nested operation's failure, or an answer a repository chose to give (recognised by name:
    // http.ts and timeline.ts import this module, not the other way round), passes as is.
    if (error instanceof StorageUnavailableError) throw error;
    if (error instanceof Error && PASSED_AS_IS.has(error.name)) throw error;
    const failure = new StorageUnavailableError(name, error);
    console.error(failure.message, error instanceof Error ? error.message : error);
    throw failure;
  } finally {
    clearTimeout(timer);
  }
}

/** Milliseconds left of this request's storage deadline (the default timeout outside a request). */
export function storageTimeLeft(): number {
  const deadline = requestScope.getStore()?.deadline;
  return deadline === undefined ? storageTimeoutMs() : Math.max(0, deadline - Date.now());
}
