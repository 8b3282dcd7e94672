/**
 * The step a multi-step form reopens at after a reload: the stored one, unless it is not a step
 * (then the first) or an earlier step's fields fail their checks (then that step, where the
 * visitor has something to fix). Nothing typed is lost: only the step shown changes.
 */
export function resumeStep(
  stored: string | null,
  last: number,
  valid: (step: number) => boolean,
): number {
  const wanted = stored === null || stored.trim() === '' ? 0 : Number(stored);
  if (!Number.isInteger(wanted) || wanted <= 0) return 0;
  const target = Math.min(wanted, last);
  for (let step = 0; step < target; step++) if (!valid(step)) return step;
  return target;
}
