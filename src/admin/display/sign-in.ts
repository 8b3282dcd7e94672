/**
 * The login page's own words beside SPEC's: why the admin was signed out, and the warning before
 * the attempt that locks sign-in.
 */
import { INACTIVITY_LOGOUT_MS, type SignedOutReason } from '../api/auth-client';

const inactivityMinutes = Math.round(INACTIVITY_LOGOUT_MS / 60_000);

export const SIGNED_OUT_TEXT: Record<SignedOutReason, string> = {
  manual: 'You have been signed out.',
  idle: `You have been signed out after ${inactivityMinutes} minutes without activity.`,
};

const minutesText = (minutes: number) => `${minutes} minute${minutes === 1 ? '' : 's'}`;

/**
 * The warning after a refusal when the next wrong attempt would lock sign-in (`attemptsLeft` 1),
 * for `minutes`; '' otherwise. `what`: 'attempt' for the password, 'code' for a second step.
 */
export function lockWarning(
  attemptsLeft: number | undefined,
  minutes: number | undefined,
  what: 'attempt' | 'code',
): string {
  if (attemptsLeft !== 1) return '';
  const time = minutes === undefined ? '' : ` for ${minutesText(minutes)}`;
  return `One more wrong ${what} locks sign-in${time}.`;
}
