/**
 * The admin API as the admin's client sees it in unit tests: `fetch` stubbed to record each
 * request and answer it with `answer()`, and a stored admin token (every call sends it), for each
 * test; every stubbed global restored after.
 */
import { afterEach, beforeEach, vi } from 'vitest';

export interface StubbedApi {
  /** The requests the client made in this test, in order. */
  requests: { url: string; init: RequestInit }[];
  /** The answer each request gets; set by the test before it calls. */
  answer: () => Response;
}

export function useStubbedApi(): StubbedApi {
  const api: StubbedApi = {
    requests: [],
    answer: () => {
      throw new Error('The test set no answer.');
    },
  };
  beforeEach(() => {
    api.requests = [];
    vi.stubGlobal('localStorage', { getItem: () => 'token', setItem() {}, removeItem() {} });
    vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
      api.requests.push({ url, init });
      return Promise.resolve(api.answer());
    });
  });
  afterEach(() => vi.unstubAllGlobals());
  return api;
}
