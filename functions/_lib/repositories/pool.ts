/** Many reads or deletes of one store, a bounded number at a time. */

/** Requests one call keeps in flight at most: enough to hide latency, few enough to be fair. */
export const READ_CONCURRENCY = 16;

/**
 * Runs `task(0)`, `task(1)`, … `task(count - 1)`, started in that order, at most `concurrency` at
 * once, while `more(started)` allows another start (every task started runs to its end, so the
 * tasks that ran are always the first ones). Resolves to how many were started.
 */
export async function inPool(
  count: number,
  task: (index: number) => Promise<unknown>,
  {
    concurrency = READ_CONCURRENCY,
    more = () => true,
  }: { concurrency?: number; more?: (started: number) => boolean } = {},
): Promise<number> {
  let started = 0;
  const worker = async () => {
    while (started < count && more(started)) await task(started++);
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker));
  return started;
}
