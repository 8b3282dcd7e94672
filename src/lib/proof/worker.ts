/**
 * The Web Worker that solves a form's challenge (solver.ts) off the page's main thread: one
 * challenge in, its solution (or null) out.
 */
import { solve, type ProofChallenge } from './solver';

self.onmessage = async ({ data }: MessageEvent<ProofChallenge>) => {
  self.postMessage((await solve(data)) ?? null);
};
