/**
 * The step a multi-step form reopens at after a reload: the stored one, or the first when it is
 * not a step (nothing, "7x", a negative number); past the last, the last. Nothing typed is lost:
 * only the step shown changes (the draft keeps the values).
 */
export function resumeStep(stored: string | null, last: number): number {
  const wanted = Number(stored ?? 0);
  return Number.isInteger(wanted) && wanted > 0 ? Math.min(wanted, last) : 0;
}

/** This tab's stored string at `key`; null when there is none or storage is refused. */
export function readSession(key: string): string | null {
  try {
    return sessionStorage.getItem(key);
  } catch {
    // Refused (a private window's settings): as if nothing were stored.
    return null;
  }
}

/** Stores `value` at `key` for this tab; where storage is refused it is simply not kept. */
export function writeSession(key: string, value: string): void {
  try {
    sessionStorage.setItem(key, value);
  } catch {
    // Not kept: a reload starts at the first step.
  }
}
