/**
 * Where a sign-in stands in the login box: the password, a second step (a passkey, an
 * authenticator code or a recovery code, with its ticket), a first passkey to create, then the
 * recovery codes to store or the codes left after using one.
 */
import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import type { LoginStep } from '../../lib/schemas';

export type Way = 'passkey' | 'totp' | 'recovery';

export type Stage =
  | { kind: 'password' }
  | {
      kind: 'second';
      /** 'code': no passkey works at this address, only the codes do. */
      step: 'passkey' | 'code';
      ticket: string;
      options?: PublicKeyCredentialRequestOptionsJSON;
      fallbacks: readonly ('totp' | 'recovery')[];
      way: Way;
    }
  | { kind: 'enrol'; ticket: string; options: PublicKeyCredentialCreationOptionsJSON }
  | { kind: 'codes'; token: string; codes: string[] }
  | { kind: 'recovered'; token: string; left: number };

export type SecondStage = Extract<Stage, { kind: 'second' }>;

/** The stage of the password step's answer; `way` is kept where the new step offers it. */
export function stageOf(step: LoginStep, way?: Way): Stage {
  if (step.step === 'enrol') {
    return {
      kind: 'enrol',
      ticket: step.ticket,
      options: step.options as unknown as PublicKeyCredentialCreationOptionsJSON,
    };
  }
  const ways = waysOf(step.step, step.fallbacks);
  return {
    kind: 'second',
    step: step.step,
    ticket: step.ticket,
    ...(step.step === 'passkey' && {
      options: step.options as unknown as PublicKeyCredentialRequestOptionsJSON,
    }),
    fallbacks: step.fallbacks,
    way: way !== undefined && ways.includes(way) ? way : ways[0]!,
  };
}

/** Every way in a second step offers, the first one first; never empty (recovery at worst). */
export function waysOf(step: 'passkey' | 'code', fallbacks: readonly Way[]): Way[] {
  const ways: Way[] = step === 'passkey' ? ['passkey'] : [];
  for (const way of ['totp', 'recovery'] as const) if (fallbacks.includes(way)) ways.push(way);
  return ways.length === 0 ? ['recovery'] : ways;
}
