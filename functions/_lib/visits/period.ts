/**
 * The insights' periods: `?days=7|30|90` (per day) or `84` (12 weeks, per week). Anything else is
 * a 400 naming the choices.
 */
import { HttpError } from '../http.ts';

export const PERIOD_DAYS = [7, 30, 90, 84] as const;
export type PeriodDays = (typeof PERIOD_DAYS)[number];

export function periodDays(req: Request): PeriodDays {
  const raw = new URL(req.url).searchParams.get('days');
  const days = PERIOD_DAYS.find((choice) => String(choice) === raw);
  if (days === undefined) {
    throw new HttpError(400, 'days must be 7, 30 or 90 (days) or 84 (12 weeks).');
  }
  return days;
}
