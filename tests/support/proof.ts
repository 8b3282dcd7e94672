/**
 * A real solved proof of work, as the forms send it, for tests that post to a public form
 * without a browser: signed with the key the server under test uses (the local key off the
 * deploys, unless ALTCHA_HMAC_KEY is set in this process too), issued `ageMs` ago (by default a
 * minute: a person's time to fill the form), and small (a counter up to 5) so tests stay fast.
 */
import { issueChallenge } from '../../functions/_lib/proof-of-work.ts';
import { encodeProof, solve, type ProofChallenge } from '../../src/lib/proof/solver.ts';

export async function testProof(ageMs = 60_000): Promise<string> {
  const saved = process.env['ALTCHA_MAX_NUMBER'];
  process.env['ALTCHA_MAX_NUMBER'] = '5';
  try {
    const challenge = (await issueChallenge({ params: {} }, Date.now() - ageMs)) as ProofChallenge;
    return encodeProof(challenge, (await solve(challenge))!);
  } finally {
    if (saved === undefined) delete process.env['ALTCHA_MAX_NUMBER'];
    else process.env['ALTCHA_MAX_NUMBER'] = saved;
  }
}
