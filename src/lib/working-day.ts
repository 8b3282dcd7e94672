/**
 * Working days: Monday to Friday on the office's calendar (`site.timeZone`). A lead is waiting
 * when it is still New a working day after it came in: created before `waitingSince(now)`.
 */
import { site } from '../config/site.ts';

const DAY_MS = 86_400_000;
/** Sunday and Saturday, as `Date#getUTCDay` numbers them. */
const REST_DAYS: ReadonlySet<number> = new Set([0, 6]);

const clocks = new Map<string, Intl.DateTimeFormat>();

/** The wall clock of `timeZone` (date and time to the second, 00–23 hours). */
function clockOf(timeZone: string): Intl.DateTimeFormat {
  let clock = clocks.get(timeZone);
  if (clock === undefined) {
    clock = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    clocks.set(timeZone, clock);
  }
  return clock;
}

/** How far `timeZone`'s clocks are ahead of UTC at the instant `time`, in milliseconds. */
function offsetAt(time: number, timeZone: string): number {
  const parts = new Map(
    clockOf(timeZone)
      .formatToParts(time)
      .map((p) => [p.type, Number(p.value)]),
  );
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.get(type) ?? 0;
  const wall = Date.UTC(
    part('year'),
    part('month') - 1,
    part('day'),
    part('hour'),
    part('minute'),
    part('second'),
  );
  return wall - Math.floor(time / 1000) * 1000;
}

/**
 * The instant one working day before `now`: the same clock time in the office on the day before,
 * or on the Friday before when that day is a Saturday or Sunday there (Monday 10:00 → Friday
 * 10:00; Saturday or Sunday 10:00 → Friday 10:00).
 */
export function waitingSince(now: number, timeZone: string = site.timeZone): number {
  // The office's date and time, written as if it were UTC, so that days are whole days.
  const offset = offsetAt(now, timeZone);
  let wall = now + offset - DAY_MS;
  while (REST_DAYS.has(new Date(wall).getUTCDay())) wall -= DAY_MS;
  // Back to an instant, at that day's offset (it differs across a change to or from summer time).
  return wall - offsetAt(wall - offset, timeZone);
}
