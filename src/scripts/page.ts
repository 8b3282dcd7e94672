/**
 * What every page runs of the layout's own: the splash's end (scripts/splash.ts), the header's
 * menus, the footer's contact form (its starter) and year, and the visit beacon. One module for
 * the five, loaded once by the layout (PageScripts.astro, or the home page's one script,
 * scripts/home.ts): as a script element per component they were five modules, and each module is
 * a compile and an evaluation of its own on the main thread while the page loads. Each part does
 * nothing on a page without its element (no splash, no footer).
 */
import { startContactForm } from './contact-form';
import { inTaskOfItsOwn } from './next-task';
import { showCurrentYear } from './current-year';
import { initHeader } from './header';
import { runSplash } from './splash';
import { countThisView } from './visit-beacon';

export function runPage(): void {
  runSplash();
  initHeader();
  showCurrentYear();
  // What can wait a moment, in a task of its own (on the home page, with the sections' setup
  // before it, one task took about 30 ms of script at 4× CPU slowdown, and the style and layout
  // after it made it long): the form's starter (its first read of the tab's storage is most of
  // its time) and the beacon, which itself waits for the load and an idle moment.
  inTaskOfItsOwn(() => {
    startContactForm();
    countThisView();
  });
}
