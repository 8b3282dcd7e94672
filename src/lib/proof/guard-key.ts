/** Where the proof of work's own bundle (guard-bundle.ts) leaves `proveOnFocus` for the page. */
export const GUARD_KEY = Symbol.for('proof-of-work.proveOnFocus');
