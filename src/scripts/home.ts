/**
 * Everything the home page runs of its own, as one module (issue 40). As one small `<script>`
 * per section, the page asked for ten modules during its load (four sections' scripts and six
 * chunks they share with other pages), and each module costs a request, a compile, a code-cache
 * write and an evaluation on the main thread: Lighthouse counted about 140 ms more main-thread
 * work for the ten than for the same code in one file.
 *
 * Built on its own (`?worker&url`, src/components/sections/HomeScripts.astro), so it carries its
 * copy of what it shares with other pages' scripts and needs nothing else. In the order the
 * sections' scripts ran: the slider's autoplay, the announcements' freshness check after load,
 * the services' reveal, the visit beacon.
 */
import './slider-autoplay';
import { afterLoad } from '../directives/page-timing';
import { checkAnnouncements } from './announcements-fresh';
import { revealOnScroll } from './reveal';
import { countThisView } from './visit-beacon';

afterLoad(() => void checkAnnouncements());
revealOnScroll();
countThisView();
