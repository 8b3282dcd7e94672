/**
 * Content collections: every word of copy an editor may change lives under `content/`.
 * Schemas are zod because Astro's content layer accepts only zod; runtime input (forms, API)
 * is validated by the valibot schemas in src/lib/schemas instead. Every name content uses for an
 * asset or a page (icons, illustrations, slide images, button links) is checked here, so that a
 * wrong one fails `astro sync`/`build` naming the file and the field
 * (src/content-schema/content-references.ts). The asset names and the collections' folders come
 * from src/content-schema, which the CMS (src/integrations/cms) reads too.
 */
import { defineCollection } from 'astro:content';
import { glob, type Loader, type LoaderContext } from 'astro/loaders';
import { z } from 'astro/zod';
import {
  iconNames,
  illustrationNames,
  slideImages,
  uploadNames,
} from './content-schema/asset-names';
import { collectionFolders, type CollectionName } from './content-schema/collections';
import { itemGroupNames } from './content-schema/item-groups';
import { knownName, pageHref, routeOf } from './content-schema/content-references';
import { OPENING_TYPES, SALARY_PERIODS } from './lib/openings/openings';

/** File names in a glob's keys; the globs below are lazy, so only their keys are read. */
const fileNames = (files: Record<string, unknown>) =>
  Object.keys(files).map((path) => path.slice(path.lastIndexOf('/') + 1));

/**
 * Whether a translation has been checked by a native reviewer: `draft` until then. English
 * entries leave it out. Every language has a folder of its own, the folder directly holding the
 * file (content/pages/en/about.mdx, id `en/about`; content/pages/ml/about.mdx, id `ml/about`;
 * content/items/eia/ml/01-x.yaml, id `eia/ml/01-x`); src/page-helpers/localized.ts reads them.
 */
const translation = z
  .enum(['draft', 'reviewed'])
  .optional()
  .describe(
    'Translations only: draft until a native speaker has reviewed it, then reviewed. English leaves it empty.',
  );

/** What a file without a word in it parses to: YAML of a bare newline, or `---\n---`. */
const isEmpty = (data: unknown) =>
  data === undefined ||
  data === null ||
  (typeof data === 'object' && Object.keys(data).length === 0);

/** Marks an empty file's entry, which the store then leaves out. */
const EMPTY = Symbol('empty file');

/**
 * The glob loader, but a file with nothing in it is no entry: Decap CMS writes each language a
 * new entry's editor did not fill in as a bare newline, and such a file is no translation (no
 * page in that language), not a build error. Ids are the file's path without its extension (the
 * glob loader's own default reads `data.slug`, which an empty file has no data for).
 */
function skippingEmptyFiles(pattern: string, base: string, mayBeEmpty = false): Loader {
  const inner = glob({ pattern, base, generateId: ({ entry }) => entry.replace(/\.[^./]+$/, '') });
  return {
    name: 'glob-without-empty-files',
    load: (context: LoaderContext) =>
      inner.load({
        ...context,
        logger: mayBeEmpty ? quietWhenEmpty(context.logger) : context.logger,
        parseData: async (props) =>
          isEmpty(props.data) ? (EMPTY as never) : context.parseData(props),
        store: new Proxy(context.store, {
          get(target, property, receiver) {
            if (property === 'set') {
              return (entry: { data: unknown }) =>
                entry.data === EMPTY ? false : target.set(entry as never);
            }
            const value: unknown = Reflect.get(target, property, receiver);
            return typeof value === 'function' ? value.bind(target) : value;
          },
        }),
      }),
  };
}

/**
 * The loader's logger, without its warning that the folder holds no file: a collection that may
 * be empty (the openings, when none is posted) is not a build problem.
 */
function quietWhenEmpty(logger: LoaderContext['logger']): LoaderContext['logger'] {
  return new Proxy(logger, {
    get(target, property, receiver) {
      if (property === 'warn') {
        return (message: string) => {
          if (!message.startsWith('No files found matching')) target.warn(message);
        };
      }
      const value: unknown = Reflect.get(target, property, receiver);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/**
 * A collection: the entries in its folder under content/, each checked against `shape`;
 * `mayBeEmpty` for one whose folder may hold no entry at all.
 */
const collection = <Shape extends z.ZodRawShape>(
  name: CollectionName,
  shape: Shape,
  mayBeEmpty = false,
) =>
  defineCollection({
    loader: skippingEmptyFiles(
      collectionFolders[name].pattern,
      collectionFolders[name].base,
      mayBeEmpty,
    ),
    schema: z.object({ translation, ...shape }),
  });

/**
 * A text field: spaces around it are dropped, and a blank or spaces-only value is refused, so a
 * heading can never build empty. The CMS refuses the same (its patterns: src/integrations/cms/fields.ts).
 */
const text = () => z.string().trim().min(1, { error: 'must not be blank' });

/** The `order` field: an entry's place `where` (in a menu, a slider…); 1 comes first. */
const order = (where: string) => z.number().int().describe(`Place ${where}: 1 comes first.`);

/** A Lucide icon name (src/content-schema/asset-names.ts). */
const icon = knownName('icon', iconNames, 'Lucide names: node_modules/lucide-static/icons');

/** Name of an illustration in src/assets/illustrations (file name without extension). */
const illustration = knownName('illustration', illustrationNames, 'src/assets/illustrations');

/** Every page a button may link to: the static pages and the (English) project pages. */
const pagePaths = [
  ...Object.keys(import.meta.glob('./pages/**/*.astro'))
    .map((path) => path.slice('./pages/'.length))
    .filter((path) => !path.includes('['))
    .map(routeOf),
  ...fileNames(import.meta.glob('../content/projects/en/*.{md,mdx}')).map(
    (file) => `/projects/${file.replace(/\.mdx?$/, '')}`,
  ),
];

const hero = z.object({
  title: text().optional().describe('Big heading at the top of the page.'),
  subtitle: text().optional().describe('Line under the hero heading.'),
  image: illustration
    .optional()
    .describe('Illustration beside the hero heading (a file of src/assets/illustrations).'),
  photo: z
    .object({
      src: knownName(
        'uploaded photo',
        uploadNames,
        'src/assets/uploads, as /uploads/<file>',
      ).describe('A photo uploaded in the editor (JPEG, PNG, WebP or AVIF).'),
      alt: text().describe('What the photo shows, for visitors who cannot see it (required).'),
    })
    .optional()
    .describe('A photo behind the heading instead of the illustration, with its description.'),
  buttonText: text().optional().describe('Words on the hero button; no button without them.'),
  buttonHref: pageHref(pagePaths)
    .optional()
    .describe('Page the hero button opens, as a path of this site, e.g. /about or /#contact.'),
});

const seo = {
  /** Browser tab and search-result title (the site's short name is appended). */
  title: text()
    .min(3)
    .max(70)
    .describe("Browser tab and search-result title, 3 to 70 characters; the site's name is added."),
  /** Search-result snippet. */
  description: text()
    .min(50)
    .max(170)
    .describe('Snippet under the title in search results and link previews, 50 to 170 characters.'),
  keywords: z
    .array(text())
    .default([])
    .describe('Search keywords for the page, one short phrase each.'),
};

/** Page-level copy: hero, intro and SEO for every page, plus the MDX body where a page has prose. */
const pages = collection('pages', {
  ...seo,
  hero: hero.default({}).describe('The banner at the top of the page.'),
  /** Intro paragraphs shown under the hero on service pages. */
  intro: z
    .array(text())
    .default([])
    .describe('Paragraphs under the hero on service pages, one per entry.'),
  /** Heading over the intro. */
  introHeading: text().optional().describe('Heading over the intro paragraphs.'),
  /** Closing paragraph (e.g. the renewable page's "unique approach"). */
  closing: z
    .object({
      heading: text().describe('Heading of the closing section.'),
      text: z.array(text()).describe('Paragraphs of the closing section.'),
    })
    .optional()
    .describe('Section at the end of the page, e.g. the renewable page\'s "unique approach".'),
  /** Headings and lead lines of named page sections, e.g. `services`, `team`, `enquiry`. */
  sections: z
    .record(
      z.string(),
      z.object({
        heading: text().describe('Heading of the section.'),
        text: text().optional().describe('Lead line under the heading.'),
      }),
    )
    .default({})
    .describe("Headings and lead lines of the page's sections (services, team, enquiry…)."),
});

/** The four project pages the header links to, one template. */
const projects = collection('projects', {
  ...seo,
  hero: hero.default({}).describe('The banner at the top of the project page.'),
  /** Short line for menus and cards. */
  summary: text().describe('One short line for the menus and project cards.'),
  order: order('in the menus and lists'),
  outcomes: z
    .array(text())
    .min(3)
    .describe('What the project delivers, one line each; at least 3.'),
});

/** The service pages a home slide or service card may open. */
const servicePage = z.enum([
  '/renewable-energy',
  '/hospitality',
  '/solid-waste-management',
  '/liquid-waste-management',
  '/integrated-farming',
  '/corporate-sustainability',
]);

/** Home slider: exactly four slides in the spec. */
const slides = collection('slides', {
  order: order('in the home page slider'),
  title: text().describe('Big heading on the slide.'),
  subtitle: text().describe('Line under the slide heading.'),
  /** `/images/<file>` names a file in src/assets/slides (HomeSlider sizes it), e.g. /images/slide1.jpg */
  image: knownName('slide image', slideImages, 'src/assets/slides, as /images/<file>').describe(
    'Photo behind the slide (a file of src/assets/slides).',
  ),
  alt: text().describe('What the photo shows, for visitors who cannot see it (screen readers).'),
  link: servicePage.describe('Service page the slide\'s "Explore" link opens.'),
});

/** Resource persons on the home page. */
const team = collection('team', {
  order: order('among the resource persons'),
  name: text().describe('Their title as shown on the home page, e.g. "Renewable Energy Lead".'),
  person: text()
    .optional()
    .describe("The person's own name, shown with the title; may be left empty."),
  role: text().describe('What they do, one line under the title.'),
  icon: icon.describe('Lucide icon shown for the person.'),
});

/** Home page service cards. */
const serviceCards = collection('serviceCards', {
  order: order('among the home page service cards'),
  title: text().describe('Heading of the card.'),
  description: text().describe('Text of the card, a few sentences.'),
  icon: icon.describe('Lucide icon at the top of the card.'),
  link: servicePage.describe('Service page the card opens.'),
});

/**
 * Every item of every service and technology page: renewable technologies, generator topics,
 * EIA services, farming topics, hospitality cards, and the items of the liquid-waste,
 * solid-waste and corporate pages. `group` says which page lists it; `order` its place.
 */
const items = collection('items', {
  group: z.enum(itemGroupNames).describe('The page that lists the item.'),
  order: order('on its page'),
  title: text().describe('Heading of the item on its page.'),
  /** Full description; cards show its teaser (teaser.ts) and the full text on demand. */
  description: text().describe(
    'Full text; a closed card shows a teaser of it (two sentences and part of the third).',
  ),
  image: illustration.optional().describe('Illustration on the card (src/assets/illustrations).'),
  icon: icon.optional().describe('Lucide icon on the card.'),
  /** Data of the item's self-contained infographic document. */
  infographic: z
    .object({
      heading: text().describe('Heading of the infographic.'),
      lead: text().describe('One line under the infographic heading.'),
      features: z
        .array(
          z.object({
            title: text().describe('Heading of the feature.'),
            text: text().describe('One sentence on the feature.'),
            icon: icon.describe('Lucide icon of the feature.'),
          }),
        )
        .length(3)
        .describe('Exactly 3 features, each a heading, a sentence and an icon.'),
      stats: z
        .array(
          z.object({
            value: text().describe('The figure or word shown big, e.g. 30% or Ranked.'),
            label: text().describe('What the value means, one short line.'),
          }),
        )
        .default([])
        .describe('Figures shown big with a label under each; may be empty.'),
    })
    .optional()
    .describe("The item's one-page infographic (its own page under /infographics/)."),
});

/** A calendar day, written YYYY-MM-DD (YAML reads it as a date; src/lib/openings/openings.ts). */
const day = (what: string) =>
  z.coerce.date({ error: 'write the date as YYYY-MM-DD' }).describe(what);

/**
 * Job openings, one file per opening and language (content/openings/<lang>/<slug>.mdx), each at
 * /careers/<slug> while open; the careers page lists the open ones. The body is the full
 * description (duties, requirements); the file's name is the address.
 */
const openings = collection(
  'openings',
  {
    title: text().max(100).describe('The job title, e.g. "Site Engineer (Solar)".'),
    location: text()
      .max(100)
      .describe('Where the work is, as shown on the page, e.g. "Kochi, Kerala" or "Remote".'),
    country: z
      .string()
      .regex(/^[A-Z]{2}$/, { error: 'a two-letter country code in capitals, e.g. IN or AE' })
      .default('IN')
      .describe('Country of the work, as a two-letter code (IN India, AE United Arab Emirates).'),
    type: z.enum(OPENING_TYPES).describe('Full-time, part-time, contract or internship.'),
    summary: text()
      .min(50)
      .max(170)
      .describe(
        'What the role is, in one or two sentences (50 to 170 characters): lists and search results show it.',
      ),
    posted: day('The day the opening is published (YYYY-MM-DD).'),
    closes: day(
      'The last day applications are taken (YYYY-MM-DD). From the next day the opening leaves the site.',
    ),
    salary: z
      .object({
        min: z.number().int().min(0).describe('The lowest pay offered (or the only figure).'),
        max: z
          .number()
          .int()
          .min(0)
          .optional()
          .describe('The highest pay offered; empty for one figure.'),
        currency: z
          .string()
          .regex(/^[A-Z]{3}$/, { error: 'a three-letter currency code, e.g. INR or AED' })
          .default('INR')
          .describe('Currency code, e.g. INR or AED.'),
        per: z.enum(SALARY_PERIODS).default('month').describe('How often that pay is paid.'),
      })
      .refine((salary) => salary.max === undefined || salary.max >= salary.min, {
        error: 'max must not be lower than min',
      })
      .optional()
      .describe('The pay offered; leave empty to show none.'),
  },
  true,
);

/** One collection per entry of `collectionFolders`, which the CMS reads: no more, no fewer. */
export const collections = {
  pages,
  projects,
  slides,
  team,
  serviceCards,
  items,
  openings,
} satisfies Record<CollectionName, unknown>;
