/**
 * Everything the home page runs, as one module (issue 40): the layout's behaviours
 * (scripts/page.ts) and the sections'. As one small script element per section, the page asked for
 * ten modules during its load (four sections' scripts and six chunks they share with other pages),
 * and each module costs a request, a compile, a code-cache write and an evaluation on the main
 * thread: Lighthouse counted about 140 ms more main-thread work for the ten than for the same code
 * in one file.
 *
 * Built on its own (`?worker&url`, src/components/sections/HomeScripts.astro), so it carries its
 * copy of what it shares with other pages' scripts and needs nothing else. In the order the
 * sections' scripts ran: the slider's autoplay (on import), the announcements' freshness check
 * after load, the services' reveal; then the layout's (the splash's end, the header, the footer's
 * contact form and year, the visit beacon). The slider waits for the load event, so the order is
 * not felt.
 */
import './slider-autoplay';
import { afterLoad } from '../directives/page-timing';
import { checkAnnouncements } from './announcements-fresh';
import { runPage } from './page';
import { revealOnScroll } from './reveal';

afterLoad(() => void checkAnnouncements());
revealOnScroll();
runPage();
