/** The login page's own words beside SPEC's: why the admin was signed out. */
import { INACTIVITY_LOGOUT_MS, type SignedOutReason } from '../api/auth-client';

const inactivityMinutes = Math.round(INACTIVITY_LOGOUT_MS / 60_000);

export const SIGNED_OUT_TEXT: Record<SignedOutReason, string> = {
  manual: 'You have been signed out.',
  idle: `You have been signed out after ${inactivityMinutes} minutes without activity.`,
};
