/**
 * Preview templates of the CMS, so an editor sees copy laid out as on the
 * site rather than a list of raw fields. A browser module copied as it is to /cms/preview.js
 * (src/integrations/cms.ts): it runs next to Decap's prebuilt bundle, which provides `CMS` and
 * React's `h`, so it is plain JavaScript with nothing to bundle. The site's stylesheets are the
 * preview style; the markup uses its global classes (`container`, `prose`, `on-dark`, the home
 * slider's `slider__*`). Component-scoped styles (hero, cards) do not reach the preview frame.
 */
import { glyph, illustrationUrl } from './editing.js';

const { CMS, h } = /** @type {any} */ (window);

/** An entry's data as plain objects. */
const dataOf = (/** @type {any} */ entry) => entry.get('data').toJS();

const paragraphs = (/** @type {unknown} */ texts) =>
  (Array.isArray(texts) ? texts : []).map((text, i) => h('p', { key: i }, String(text)));

const band = { background: 'var(--forest-dark)', color: 'var(--white)', padding: '3rem 0' };
const section = { padding: '2rem 0' };

/** Hero, intro, closing and body of a page or a project. */
function Page(/** @type {any} */ { entry, widgetFor }) {
  const data = dataOf(entry);
  const hero = data.hero ?? {};
  return h(
    'main',
    null,
    h(
      'section',
      {
        className: 'on-dark',
        style: {
          ...band,
          // The hero's illustration behind its dark overlay, as on the site.
          ...(hero.image && {
            backgroundImage: `linear-gradient(rgb(16 38 24 / 0.72), rgb(16 38 24 / 0.72)), url(${illustrationUrl(hero.image)})`,
            backgroundSize: 'cover',
            backgroundPosition: 'center',
          }),
        },
      },
      h(
        'div',
        { className: 'container' },
        h('h1', { style: { color: 'inherit' } }, hero.title || data.title),
        hero.subtitle && h('p', null, hero.subtitle),
        hero.buttonText &&
          h('p', null, h('span', { className: 'button-primary' }, hero.buttonText)),
      ),
    ),
    h(
      'section',
      { style: section },
      h(
        'div',
        { className: 'container prose' },
        data.summary && h('p', null, h('strong', null, data.summary)),
        data.introHeading && h('h2', null, data.introHeading),
        ...paragraphs(data.intro),
        Array.isArray(data.outcomes) &&
          h('ul', null, ...data.outcomes.map((text, i) => h('li', { key: i }, text))),
        widgetFor('body'),
        data.closing && h('h2', null, data.closing.heading),
        ...paragraphs(data.closing?.text),
      ),
    ),
  );
}

/** One home slide, in the slider's own markup. */
function Slide(/** @type {any} */ { entry }) {
  const data = dataOf(entry);
  return h(
    'div',
    { className: 'slider__slide' },
    h('img', { className: 'slider__image', src: data.image, alt: data.alt }),
    h(
      'div',
      { className: 'slider__text', style: { color: 'var(--white)', padding: '0 2rem' } },
      h('h2', { className: 'slider__title' }, data.title),
      h('p', { className: 'slider__subtitle', style: { color: 'inherit' } }, data.subtitle),
    ),
  );
}

/** A card (team, service card, item) with its infographic's copy below. */
function Card(/** @type {any} */ { entry }) {
  const data = dataOf(entry);
  const graphic = data.infographic;
  return h(
    'section',
    { style: section },
    h(
      'div',
      { className: 'container prose' },
      data.image &&
        h('img', {
          src: illustrationUrl(data.image),
          alt: '',
          style: { width: '100%', maxWidth: '28rem', height: 'auto', borderRadius: '8px' },
        }),
      data.icon && h('span', { style: { color: 'var(--forest)' } }, glyph(data.icon, 40)),
      // A team card as the home page draws it: the person's name, then the position's.
      h('h3', null, data.person ?? data.title ?? data.name),
      data.person && data.name && h('p', null, h('strong', null, data.name)),
      data.role && h('p', null, data.role),
      data.description && h('p', null, data.description),
      graphic && h('h4', null, `Infographic: ${graphic.heading}`),
      graphic && h('p', null, graphic.lead),
      graphic &&
        h(
          'ul',
          null,
          ...(graphic.features ?? []).map((/** @type {any} */ feature, i) =>
            h(
              'li',
              { key: i },
              feature.icon && glyph(feature.icon, 20),
              ' ',
              h('strong', null, feature.title),
              ` ${feature.text}`,
            ),
          ),
        ),
      graphic &&
        h(
          'p',
          null,
          (graphic.stats ?? [])
            .map((/** @type {any} */ stat) => `${stat.value}: ${stat.label}`)
            .join(' · '),
        ),
    ),
  );
}

const TEMPLATES = { page: Page, slide: Slide, card: Card };

/** @param {Readonly<Record<string, 'page' | 'slide' | 'card'>>} templates from the config */
export function registerPreviews(templates) {
  for (const [name, kind] of Object.entries(templates)) {
    CMS.registerPreviewTemplate(name, TEMPLATES[kind]);
  }
}
