/**
 * The admin's second factor: the bodies of the sign-in's second step and of the security
 * settings, and what they answer. The server checks a passkey's response itself
 * (@simplewebauthn/server); here it is only an object of bounded size (the body limit).
 */
import * as v from 'valibot';
import { INVALID_VALUE_MESSAGE, REQUIRED_MESSAGE, requiredText } from './fields.ts';

/** What the password step hands on: signed, 2 minutes, single-use. */
const ticket = v.pipe(
  v.string(REQUIRED_MESSAGE),
  v.nonEmpty(REQUIRED_MESSAGE),
  v.maxLength(2048, INVALID_VALUE_MESSAGE),
);

/**
 * A second step whose ticket expired or was spent (a passkey attempt spends it, right or wrong):
 * the admin starts again with the password.
 */
export const EXPIRED_TICKET_MESSAGE =
  'This sign-in step has expired or was already used. Please start again with your password.';

/** A WebAuthn response as `@simplewebauthn/browser` serialises it. */
const credentialResponse = v.looseObject({
  id: v.pipe(v.string(INVALID_VALUE_MESSAGE), v.maxLength(1024, INVALID_VALUE_MESSAGE)),
  rawId: v.pipe(v.string(INVALID_VALUE_MESSAGE), v.maxLength(1024, INVALID_VALUE_MESSAGE)),
  type: v.literal('public-key', INVALID_VALUE_MESSAGE),
  response: v.looseObject({}, INVALID_VALUE_MESSAGE),
});

export const PASSKEY_NAME_MAX = 60;
export const passkeyName = requiredText(PASSKEY_NAME_MAX, {
  message: 'Please give the passkey a name.',
});

/** Six digits; spaces a person types between groups are ignored. */
export const TOTP_CODE_MESSAGE = 'Enter the 6-digit code from your authenticator app.';
const totpCode = v.pipe(
  v.string(TOTP_CODE_MESSAGE),
  v.transform((code) => code.replace(/\s+/g, '')),
  v.regex(/^\d{6}$/, TOTP_CODE_MESSAGE),
);

/** Ten characters of RECOVERY_ALPHABET, shown as two groups of five; case and dash optional. */
export const RECOVERY_CODE_MESSAGE = 'Enter one of your recovery codes, like ABCDE-23456.';
export const RECOVERY_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const recoveryCode = v.pipe(
  v.string(RECOVERY_CODE_MESSAGE),
  v.transform((code) => code.replace(/[\s-]+/g, '').toUpperCase()),
  v.regex(/^[A-HJ-NP-Z2-9]{10}$/, RECOVERY_CODE_MESSAGE),
);

export const PasskeyStepSchema = v.object({ ticket, response: credentialResponse });
export const EnrolStepSchema = v.object({
  ticket,
  response: credentialResponse,
  name: v.optional(passkeyName),
});
export const TotpStepSchema = v.object({ ticket, code: totpCode });
export const RecoveryStepSchema = v.object({ ticket, code: recoveryCode });
export const PasskeyNameSchema = v.object({ name: passkeyName });

/** What the password step answers: the second step, never a token. */
export type LoginStep =
  | {
      step: 'passkey';
      ticket: string;
      /** PublicKeyCredentialRequestOptionsJSON */
      options: Record<string, unknown>;
      /** Other ways in: an authenticator app where one is set up; recovery codes always. */
      fallbacks: ('totp' | 'recovery')[];
    }
  | {
      /** Factors exist, but no passkey works at this address: a code, then add one here. */
      step: 'code';
      ticket: string;
      fallbacks: ('totp' | 'recovery')[];
    }
  | {
      step: 'enrol';
      ticket: string;
      /** PublicKeyCredentialCreationOptionsJSON */
      options: Record<string, unknown>;
    };

/** The second step's answer; after an enrolment, the recovery codes (shown once). */
export interface SignedIn {
  token: string;
  recoveryCodes?: string[];
  /** After a recovery code: how many are left. */
  recoveryCodesLeft?: number;
}

export interface PasskeySummary {
  id: string;
  name: string;
  createdAt: string;
  lastUsedAt?: string;
  /** Synced by its provider (iCloud Keychain, Google Password Manager…). */
  backedUp: boolean;
}

export interface SecuritySettings {
  passkeys: PasskeySummary[];
  totp: { createdAt: string } | null;
  recoveryCodes: { createdAt: string; left: number } | null;
}

export interface SessionSummary {
  id: string;
  current: boolean;
  createdAt: string;
  expiresAt: string;
  /** "Chrome on Windows" */
  device: string;
  /** "Kochi, Kerala, India", from Netlify's geo data; absent where unknown. */
  place?: string;
  ip?: string;
  /** How it signed in: passkey, totp, recovery. */
  method: string;
}
