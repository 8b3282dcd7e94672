/**
 * What a lead records when its sender was not acknowledged because an hourly limit was reached
 * (functions/_lib/acknowledgement.ts): the admin shows it with the lead. The lead itself is
 * stored and the office e-mailed as always.
 */

/** The limit that was reached: the client address's, the mailbox's, its domain's, the site's. */
export const ACK_SKIP_REASONS = ['client', 'recipient', 'domain', 'site'] as const;
export type AckSkipReason = (typeof ACK_SKIP_REASONS)[number];

export interface AcknowledgementSkipped {
  state: 'skipped';
  reason: AckSkipReason;
  /** When it was decided (ISO). */
  at: string;
}

/** Whether a record's `acknowledgement` says it was skipped (and why). */
export function isAcknowledgementSkipped(value: unknown): value is AcknowledgementSkipped {
  if (typeof value !== 'object' || value === null) return false;
  const { state, reason } = value as Partial<Record<keyof AcknowledgementSkipped, unknown>>;
  return state === 'skipped' && (ACK_SKIP_REASONS as readonly unknown[]).includes(reason);
}
