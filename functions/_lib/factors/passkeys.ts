/**
 * Passkeys (WebAuthn) with @simplewebauthn/server: the options a browser needs to create or use
 * one, and the checks of what it sends back: the challenge of the ticket, the relying party's
 * origin and id, user verification, and the signature counter, which must grow whenever the
 * authenticator keeps one (a cloned key shows as a counter that did not) and is stored with a
 * conditional write, so two uses of one value cannot both pass.
 */
import { createHash } from 'node:crypto';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { ONLY_PASSKEY, passkeyRemovable } from '../../../src/lib/passkey-removal.ts';
import { HttpError } from '../http.ts';
import { security, type StoredPasskey } from '../repositories/admin-security.ts';
import type { RelyingParty } from './relying-party.ts';

const TIMEOUT_MS = 120_000;
const PASSKEY_REFUSED = 'That passkey was not accepted. Please try again, or use another way in.';

/** The passkeys that work at this address (each preview has its own host, and passkeys). */
export async function passkeysOf(rp: RelyingParty) {
  return (await security.passkeys()).filter((entry) => entry.value.rp === rp.id);
}

/** A stable, opaque WebAuthn user handle for the admin (no name or address in it). */
const userID = (username: string) =>
  new Uint8Array(createHash('sha256').update(`site-admin\n${username}`).digest());

/** The passkeys as the browser is told of them: each one's id and, where known, transports. */
const descriptors = (passkeys: readonly StoredPasskey[]) =>
  passkeys.map(({ id, transports }) => ({ id, ...(transports && { transports }) }));

export async function creationOptions(
  rp: RelyingParty,
  username: string,
  challenge: string,
  existing: readonly StoredPasskey[],
) {
  return generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: username,
    userID: userID(username),
    userDisplayName: `${username} (admin)`,
    challenge: Buffer.from(challenge, 'base64url'),
    timeout: TIMEOUT_MS,
    attestationType: 'none',
    excludeCredentials: descriptors(existing),
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'required' },
  });
}

export async function requestOptions(
  rp: RelyingParty,
  challenge: string,
  allowed: readonly StoredPasskey[],
) {
  return generateAuthenticationOptions({
    rpID: rp.id,
    challenge: Buffer.from(challenge, 'base64url'),
    timeout: TIMEOUT_MS,
    userVerification: 'required',
    allowCredentials: descriptors(allowed),
  });
}

/** Checks a new passkey's response; the passkey to store, or 400 saying it was not accepted. */
export async function verifyCreation(
  rp: RelyingParty,
  challenge: string,
  response: unknown,
  name: string,
  now: number,
): Promise<StoredPasskey> {
  let verification;
  try {
    verification = await verifyRegistrationResponse({
      response: response as RegistrationResponseJSON,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: true,
    });
  } catch {
    throw new HttpError(400, 'The new passkey could not be checked. Please try again.');
  }
  if (!verification.verified) {
    throw new HttpError(400, 'The new passkey could not be checked. Please try again.');
  }
  const { credential, credentialBackedUp } = verification.registrationInfo;
  return {
    id: credential.id,
    publicKey: Buffer.from(credential.publicKey).toString('base64url'),
    counter: credential.counter,
    ...(credential.transports && { transports: [...credential.transports] }),
    name,
    rp: rp.id,
    createdAt: new Date(now).toISOString(),
    backedUp: credentialBackedUp,
  };
}

/**
 * Checks an assertion against the stored passkey it names, changing nothing. Gives the step that
 * stores its counter and last use over the version checked. Any refusal is one 401 that says
 * nothing of why.
 */
export async function checkPasskey(
  rp: RelyingParty,
  challenge: string,
  response: unknown,
  now: number,
): Promise<() => Promise<StoredPasskey>> {
  const id = (response as { id?: unknown }).id;
  const stored =
    typeof id === 'string' && /^[\w-]{1,1024}$/.test(id) ? await security.passkey(id) : null;
  if (stored === null || stored.value.rp !== rp.id) {
    throw new HttpError(401, PASSKEY_REFUSED);
  }
  const passkey = stored.value;
  let newCounter: number;
  try {
    const verification = await verifyAuthenticationResponse({
      response: response as AuthenticationResponseJSON,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: true,
      credential: {
        id: passkey.id,
        publicKey: new Uint8Array(Buffer.from(passkey.publicKey, 'base64url')),
        counter: passkey.counter,
        ...(passkey.transports && { transports: passkey.transports }),
      },
    });
    if (!verification.verified) throw new Error('not verified');
    newCounter = verification.authenticationInfo.newCounter;
  } catch {
    throw new HttpError(401, PASSKEY_REFUSED);
  }
  return async () => {
    const used = { ...passkey, counter: newCounter, lastUsedAt: new Date(now).toISOString() };
    // Over the version whose counter was checked: a concurrent use of the same value loses here.
    if (await security.writePasskey(used, { etag: stored.etag })) return used;
    // A passkey that keeps no counter (0, as synced passkeys report) has nothing to protect: a
    // use beside another one only lost the write of its last-use time.
    const current = await security.passkey(passkey.id);
    if (newCounter === 0 && current !== null && current.value.counter === 0) return current.value;
    throw new HttpError(401, PASSKEY_REFUSED);
  };
}

/**
 * Removes a passkey of `rp`, never the last one, however many removals run at once: each removal
 * deletes its passkey first, then looks; one that finds none of `rp` left puts its own back and is
 * refused (409). Of removals that overlap, the last to look sees every other one's deletion, so it
 * either finds a passkey still there or puts its own back: one always stays
 * (tests/functions/auth/factor-races.test.ts). The removed passkey; 404 when there is none.
 */
export async function removePasskey(rp: RelyingParty, id: string): Promise<StoredPasskey> {
  const here = await passkeysOf(rp);
  const passkey = here.find((entry) => entry.value.id === id);
  if (passkey === undefined) throw new HttpError(404, 'Passkey not found.');
  if (!passkeyRemovable(here.length)) throw new HttpError(409, ONLY_PASSKEY);
  await security.removePasskey(id);
  if ((await passkeysOf(rp)).length === 0) {
    await security.writePasskey(passkey.value, 'new');
    throw new HttpError(409, ONLY_PASSKEY);
  }
  return passkey.value;
}
