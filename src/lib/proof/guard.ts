/**
 * Proof of work for a form, by one call: `proveOnFocus(form)` waits for the visitor's first focus
 * in the form (or starts at once if the focus is already there), then fetches a challenge from
 * GET /api/challenge and solves it in a Web Worker (worker.ts, loaded only then), so the solution
 * is ready long before the visitor has finished typing. The send takes it with `take()` and puts
 * it in the submission's `altcha` field.
 *
 * Nothing here may cost a visitor their message: a failed fetch, a worker that cannot start or a
 * solve still running after GRACE_MS gives `undefined`, and the form is sent without (the server
 * records it as unverified). Each solution is sent once: `take()` starts the next one for a later
 * send, and a solution is renewed shortly before its challenge expires.
 */
import workerUrl from './worker.ts?worker&url';
import { encodeProof, type ProofChallenge, type ProofSolution } from './solver';

/** The longest a send waits for a solve still under way. */
const GRACE_MS = 1_500;
/** Renewed this long before the challenge expires (a slow visitor still sends a live one). */
const RENEW_BEFORE_MS = 60_000;

export interface FormProof {
  /** The solution for this send, or undefined (none in time); the next send gets a fresh one. */
  take(): Promise<string | undefined>;
}

const delay = (ms: number) => new Promise<undefined>((done) => setTimeout(done, ms));

async function solveOne(): Promise<{ proof: string; lifetime: number } | undefined> {
  const response = await fetch('/api/challenge', { cache: 'no-store' });
  if (!response.ok) return undefined;
  const challenge = (await response.json()) as ProofChallenge;
  const worker = new Worker(workerUrl, { type: 'module' });
  const solution = await new Promise<ProofSolution | null>((done) => {
    worker.onmessage = ({ data }: MessageEvent<ProofSolution | null>) => done(data);
    worker.onerror = () => done(null);
    worker.postMessage(challenge);
  }).finally(() => worker.terminate());
  const { expiresAt, data } = challenge.parameters as {
    expiresAt?: number;
    data?: { issuedAt?: number };
  };
  const lifetime = (expiresAt ?? 0) * 1000 - (data?.issuedAt ?? 0);
  return solution ? { proof: encodeProof(challenge, solution), lifetime } : undefined;
}

export function proveOnFocus(form: HTMLElement): FormProof {
  let current: Promise<string | undefined> | undefined;
  const begin = () => {
    const started = solveOne().then(
      (solved) => {
        if (solved && solved.lifetime > RENEW_BEFORE_MS) {
          setTimeout(() => {
            if (current === started && form.isConnected) begin();
          }, solved.lifetime - RENEW_BEFORE_MS);
        }
        return solved?.proof;
      },
      () => undefined,
    );
    current = started;
  };
  if (form.contains(document.activeElement)) begin();
  else form.addEventListener('focusin', () => current ?? begin(), { once: true });

  return {
    async take() {
      const pending = current;
      if (!pending) return undefined;
      const proof = await Promise.race([pending, delay(GRACE_MS)]);
      // Spent (or failed): the next send gets a new one. Still solving: it may serve the next.
      const settled = await Promise.race([pending.then(() => true), delay(0)]);
      if (proof !== undefined || settled) begin();
      return proof;
    },
  };
}
