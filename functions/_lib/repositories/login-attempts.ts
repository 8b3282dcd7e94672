/**
 * Failed-login bookkeeping: store `login-attempts`, one small blob per client-and-username pair,
 * keyed by a hash of the pair (neither address nor name is stored in clear).
 */
import { withStore } from './store.ts';

const STORE = 'login-attempts';

export interface LoginAttempts {
  /** Epoch ms of recent failures, oldest first. */
  failures: number[];
  /** Epoch ms until which logins from this pair are refused; 0 when not locked. */
  lockedUntil: number;
}

const NONE: LoginAttempts = { failures: [], lockedUntil: 0 };

export const loginAttempts = {
  get: (key: string): Promise<LoginAttempts> =>
    withStore(STORE, async (store) => normalise(await store.get(key, { type: 'json' }))),

  put: (key: string, attempts: LoginAttempts): Promise<void> =>
    withStore(STORE, async (store) => {
      await store.setJSON(key, attempts);
    }),

  clear: (key: string): Promise<void> => withStore(STORE, (store) => store.delete(key)),
};

function normalise(value: unknown): LoginAttempts {
  if (typeof value !== 'object' || value === null) return NONE;
  const { failures, lockedUntil } = value as Partial<LoginAttempts>;
  return {
    failures: Array.isArray(failures) ? failures.filter((t) => typeof t === 'number') : [],
    lockedUntil: typeof lockedUntil === 'number' ? lockedUntil : 0,
  };
}
