/**
 * Runs `run` in a task of its own, after the current one: work that need not happen at once, so
 * that a page's scripts never add up to one long task (over 50 ms at Lighthouse's 4× CPU
 * slowdown, which it counts as blocking). A message to itself rather than a time-out: a new task
 * at once, never clamped, and not held back by a paused clock (the browser tests stop the clock to
 * step the slider by hand).
 */
export function inTaskOfItsOwn(run: () => void): void {
  const channel = new MessageChannel();
  channel.port1.onmessage = () => {
    channel.port1.close();
    run();
  };
  channel.port2.postMessage(null);
}
