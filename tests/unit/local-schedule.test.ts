/** The local server's scheduler (scripts/local-schedule.ts) understands every schedule in functions/. */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { intervalOf } from '../../scripts/local-schedule.ts';

const functionsDir = join(import.meta.dirname, '../../functions');

describe('local schedules', () => {
  it('reads the forms the functions use', () => {
    expect(intervalOf('*/5 * * * *')).toBe(5 * 60_000);
    expect(intervalOf('@hourly')).toBe(3_600_000);
    expect(intervalOf('@daily')).toBe(86_400_000);
    expect(intervalOf('35 18 * * *')).toBe(86_400_000);
    expect(intervalOf('0 3 * * 1')).toBeUndefined();
  });

  it('runs every scheduled function of functions/ (none is left out locally)', () => {
    const schedules = readdirSync(functionsDir)
      .filter((file) => file.endsWith('.ts'))
      .flatMap((file) => {
        const found = /schedule:\s*'([^']+)'/.exec(readFileSync(join(functionsDir, file), 'utf8'));
        return found ? [found[1]!] : [];
      });
    expect(schedules).toEqual(expect.arrayContaining(['*/5 * * * *', '@daily']));
    for (const schedule of schedules) expect(intervalOf(schedule), schedule).toBeDefined();
  });
});
