/**
 * The entry of the proof of work's own bundle (on-first-focus.ts loads it with a plain import()):
 * a bundle built through `?worker&url` keeps no exports, so it hands `proveOnFocus` over under a
 * registered symbol instead, which nothing else on the page can name by accident.
 */
import { proveOnFocus } from './guard';
import { GUARD_KEY } from './guard-key';

(globalThis as Record<symbol, unknown>)[GUARD_KEY] = proveOnFocus;
