/**
 * Content collections: every word of copy an editor may change lives under `content/`.
 * Schemas are zod because Astro's content layer accepts only zod; runtime input (forms, API)
 * is validated by the valibot schemas in src/lib/schemas instead. Every name content uses for an
 * asset or a page (icons, illustrations, slide images, button links) is checked here, so that a
 * wrong one fails `astro sync`/`build` naming the file and the field (src/lib/content-references.ts).
 */
import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import { z } from 'astro/zod';
import { knownName, pageHref, routeOf } from './lib/content-references';
import { iconNames } from './lib/icons';
import { illustrationNames } from './lib/illustrations';

/** File names in a glob's keys; the globs below are lazy, so only their keys are read. */
const fileNames = (files: Record<string, unknown>) =>
  Object.keys(files).map((path) => path.slice(path.lastIndexOf('/') + 1));

/** A Lucide icon name (src/lib/icons.ts). */
const icon = knownName('icon', iconNames, 'Lucide names: node_modules/lucide-static/icons');

/** Name of an illustration in src/assets/illustrations (file name without extension). */
const illustration = knownName('illustration', illustrationNames, 'src/assets/illustrations');

/** Every page a button may link to: the static pages and the project pages. */
const pagePaths = [
  ...Object.keys(import.meta.glob('./pages/**/*.astro'))
    .map((path) => path.slice('./pages/'.length))
    .filter((path) => !path.includes('['))
    .map(routeOf),
  ...fileNames(import.meta.glob('../content/projects/*.{md,mdx}')).map(
    (file) => `/projects/${file.replace(/\.mdx?$/, '')}`,
  ),
];

const hero = z.object({
  title: z.string().optional(),
  subtitle: z.string().optional(),
  image: illustration.optional(),
  buttonText: z.string().optional(),
  buttonHref: pageHref(pagePaths).optional(),
});

const seo = {
  /** Browser tab and search-result title (the site's short name is appended). */
  title: z.string().min(3).max(70),
  /** Search-result snippet. */
  description: z.string().min(50).max(170),
  keywords: z.array(z.string()).default([]),
};

/** Page-level copy: hero, intro and SEO for every page, plus the MDX body where a page has prose. */
const pages = defineCollection({
  loader: glob({ pattern: '**/*.{md,mdx}', base: './content/pages' }),
  schema: z.object({
    ...seo,
    hero: hero.default({}),
    /** Intro paragraphs shown under the hero on service pages. */
    intro: z.array(z.string()).default([]),
    /** Heading over the intro. */
    introHeading: z.string().optional(),
    /** Closing paragraph (e.g. the renewable page's "unique approach"). */
    closing: z.object({ heading: z.string(), text: z.array(z.string()) }).optional(),
    /** Headings and lead lines of named page sections, e.g. `services`, `team`, `enquiry`. */
    sections: z
      .record(z.string(), z.object({ heading: z.string(), text: z.string().optional() }))
      .default({}),
  }),
});

/** The four project pages the header links to, one template. */
const projects = defineCollection({
  loader: glob({ pattern: '**/*.{md,mdx}', base: './content/projects' }),
  schema: z.object({
    ...seo,
    hero: hero.default({}),
    /** Short line for menus and cards. */
    summary: z.string(),
    order: z.number().int(),
    outcomes: z.array(z.string()).min(3),
  }),
});

/** Home slider: exactly four slides in the spec. */
const slides = defineCollection({
  loader: glob({ pattern: '*.yaml', base: './content/slides' }),
  schema: z.object({
    order: z.number().int(),
    title: z.string(),
    subtitle: z.string(),
    /** `/images/<file>` names a file in src/assets/slides (HomeSlider sizes it), e.g. /images/slide1.jpg */
    image: knownName(
      'slide image',
      fileNames(import.meta.glob('./assets/slides/*.jpg')).map((file) => `/images/${file}`),
      'src/assets/slides, as /images/<file>',
    ),
    alt: z.string(),
  }),
});

/** Resource persons on the home page. */
const team = defineCollection({
  loader: glob({ pattern: '*.yaml', base: './content/team' }),
  schema: z.object({
    order: z.number().int(),
    name: z.string(),
    role: z.string(),
    icon,
  }),
});

/** Home page service cards. */
const serviceCards = defineCollection({
  loader: glob({ pattern: '*.yaml', base: './content/service-cards' }),
  schema: z.object({
    order: z.number().int(),
    title: z.string(),
    description: z.string(),
    icon,
    link: z.enum([
      '/renewable-energy',
      '/hospitality',
      '/solid-waste-management',
      '/liquid-waste-management',
      '/integrated-farming',
      '/corporate-sustainability',
    ]),
  }),
});

/**
 * Every item of every service and technology page: renewable technologies, generator topics,
 * EIA services, farming topics, hospitality cards, and the items of the liquid-waste,
 * solid-waste and corporate pages. `group` says which page lists it; `order` its place.
 */
const items = defineCollection({
  loader: glob({ pattern: '**/*.yaml', base: './content/items' }),
  schema: z.object({
    group: z.enum([
      'renewable',
      'generator',
      'eia',
      'farming',
      'hospitality',
      'liquid-waste',
      'solid-waste',
      'corporate',
      'farming-principles',
    ]),
    order: z.number().int(),
    title: z.string(),
    /** Full description; cards show the teaser of SPEC §9 and the full text on demand. */
    description: z.string(),
    image: illustration.optional(),
    icon: icon.optional(),
    /** Data of the item's self-contained infographic document. */
    infographic: z
      .object({
        heading: z.string(),
        lead: z.string(),
        features: z.array(z.object({ title: z.string(), text: z.string(), icon })).length(3),
        stats: z.array(z.object({ value: z.string(), label: z.string() })).default([]),
      })
      .optional(),
  }),
});

export const collections = { pages, projects, slides, team, serviceCards, items };
