/**
 * The 404 page: counts down from `data-seconds`, then replaces the page with its language's home
 * page (the spec's redirect). The visitor's first focus, click or key press stops it for good.
 */
import { countdownText } from '../lib/not-found-countdown';

const line = document.querySelector<HTMLElement>('[data-countdown]');
const home = document.querySelector('[data-home]')?.getAttribute('href') ?? '/';

if (!line) {
  location.replace(home);
} else {
  const { template = '', lang = 'en', stopped = '' } = line.dataset;
  let left = Number(line.dataset['seconds']);
  const HOLD_EVENTS = ['focusin', 'pointerdown', 'keydown'] as const;

  const stop = () => {
    clearInterval(timer);
    for (const type of HOLD_EVENTS) document.removeEventListener(type, hold, true);
  };
  const hold = () => {
    stop();
    line.textContent = stopped;
  };
  const timer = setInterval(() => {
    left -= 1;
    if (left > 0) {
      line.textContent = countdownText(template, lang, left);
      return;
    }
    stop();
    location.replace(home);
  }, 1000);
  for (const type of HOLD_EVENTS) document.addEventListener(type, hold, true);
}
