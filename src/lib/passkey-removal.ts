/**
 * The one remove of a sign-in factor the server refuses by rule: the only passkey of a web
 * address (each address has its own passkeys), since without one the admin could not sign in
 * there. The server refuses it (409, functions/_lib/factors/passkeys.ts); the admin does not
 * offer it. Pure, for the functions and the admin alike.
 */

/** The server's answer to a remove of the only passkey. */
export const ONLY_PASSKEY =
  'This is your only passkey here. Add another one before you remove it, so you can still sign in.';

/** Whether one of `passkeysHere` (the passkeys of this address) may be removed. */
export const passkeyRemovable = (passkeysHere: number): boolean => passkeysHere > 1;
