/**
 * Scheduled functions for the local server (`npm start`): Netlify runs each function whose
 * `config.schedule` is set on that schedule; locally, each runs at the same interval from the
 * server's start (the outbox's retries every 5 minutes, the retention purge daily), in this
 * process, against the local Blobs. Only the forms these functions use are understood:
 * `*\/N * * * *` (every N minutes), `@hourly`, and `@daily` or `M H * * *` (once a day; locally
 * a day from the server's start, not at that hour).
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

type Scheduled = (req: Request, context: { deploy: { context: 'dev' } }) => Promise<Response>;

const MINUTE = 60_000;

/** The interval of a cron expression this project uses; undefined for any other. */
export function intervalOf(schedule: string): number | undefined {
  if (schedule === '@hourly') return 60 * MINUTE;
  if (schedule === '@daily' || /^\d{1,2} \d{1,2} \* \* \*$/.test(schedule)) return 24 * 60 * MINUTE;
  const every = /^\*\/(\d{1,2}) \* \* \* \*$/.exec(schedule);
  return every ? Number(every[1]) * MINUTE : undefined;
}

/** Starts a timer per scheduled function of `directory`; the returned function stops them. */
export async function startSchedules(directory: string): Promise<() => void> {
  const timers: NodeJS.Timeout[] = [];
  for (const file of readdirSync(directory).filter((name) => /\.m?ts$/.test(name))) {
    const module = (await import(pathToFileURL(join(directory, file)).href)) as {
      default: Scheduled;
      config?: { schedule?: string };
    };
    const schedule = module.config?.schedule;
    if (schedule === undefined) continue;
    const interval = intervalOf(schedule);
    if (interval === undefined) {
      console.warn(`functions/${file}: schedule "${schedule}" is not run locally`);
      continue;
    }
    const name = file.replace(/\.m?ts$/, '');
    const run = () =>
      void module
        .default(new Request(`http://localhost/.netlify/functions/${name}`), {
          deploy: { context: 'dev' },
        })
        .catch((error: unknown) => console.error(`functions/${file}:`, error));
    const timer = setInterval(run, interval);
    timer.unref();
    timers.push(timer);
  }
  return () => timers.forEach((timer) => clearInterval(timer));
}
