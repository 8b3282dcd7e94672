/**
 * The one door to Netlify Blobs. Repositories call `withStore`; nothing else calls `getStore`,
 * and only while a request is being handled (a store opened at module load fails in production).
 *
 * Every operation is bounded: it fails as soon as one storage call cannot connect, answers
 * 5xx/429 or takes longer than STORAGE_TIMEOUT_MS, and then throws `StorageUnavailableError`
 * (the API answers 503). The Blobs client would otherwise retry for up to 25 s.
 */
import { getStore, type Store } from '@netlify/blobs';
import { storageTimeoutMs } from '../env.ts';

export class StorageUnavailableError extends Error {
  constructor(store: string, cause: unknown) {
    super(`Blobs store "${store}" is unavailable`, { cause });
    this.name = 'StorageUnavailableError';
  }
}

export type { Store };

/** Admin views and anything written then read back use strong consistency. */
export type Consistency = 'strong' | 'eventual';

export async function withStore<T>(
  name: string,
  operation: (store: Store) => Promise<T>,
  consistency: Consistency = 'strong',
): Promise<T> {
  const timeoutMs = storageTimeoutMs();
  const controller = new AbortController();
  const aborted = new Promise<never>((_, reject) => {
    controller.signal.addEventListener('abort', () => reject(controller.signal.reason), {
      once: true,
    });
  });
  aborted.catch(() => {}); // Only observed through the race below.

  const boundedFetch: typeof globalThis.fetch = async (input, init) => {
    controller.signal.throwIfAborted();
    const signals = [controller.signal, AbortSignal.timeout(timeoutMs)];
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
    const store = getStore({ name, consistency, fetch: boundedFetch });
    return await Promise.race([operation(store), aborted]);
  } catch (error) {
    const failure = new StorageUnavailableError(name, error);
    console.error(failure.message, error);
    throw failure;
  }
}
