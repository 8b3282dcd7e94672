/**
 * The CMS preview templates (src/integrations/cms/preview.js) render an entry's copy as the site shows it:
 * run against a stand-in for Decap's `CMS` and React's `h` that records the element tree.
 */
import { beforeAll, describe, expect, it } from 'vitest';

interface Element {
  type: string;
  props: Record<string, unknown> | null;
  children: unknown[];
}
type Template = (props: { entry: unknown; widgetFor: (name: string) => unknown }) => Element;

const templates = new Map<string, Template>();

beforeAll(async () => {
  const h = (type: string, props: Record<string, unknown> | null, ...children: unknown[]) => ({
    type,
    props,
    children,
  });
  const CMS = { registerPreviewTemplate: (name: string, t: Template) => templates.set(name, t) };
  Object.assign(globalThis, { window: { CMS, h } });
  const { registerPreviews } = await import('../../src/integrations/cms/preview.js');
  registerPreviews({
    about: 'page',
    projects: 'page',
    slides: 'slide',
    team: 'card',
    'items-eia': 'card',
  });
});

/** An entry as Decap passes it: `entry.get('data').toJS()`. */
const entry = (data: object) => ({ get: () => ({ toJS: () => data }) });

/** Every text in the tree, in order, and the element types seen. */
function texts(node: unknown): string[] {
  if (typeof node === 'string') return [node];
  if (node === null || typeof node !== 'object') return [];
  return (node as Element).children.flatMap(texts);
}
function types(node: unknown): string[] {
  if (node === null || typeof node !== 'object' || !('type' in node)) return [];
  return [(node as Element).type, ...(node as Element).children.flatMap(types)];
}

const render = (collection: string, data: object) =>
  templates.get(collection)?.({ entry: entry(data), widgetFor: (name) => `[${name} widget]` });

describe('CMS preview templates', () => {
  it('registers one per collection', () => {
    expect([...templates.keys()]).toEqual(['about', 'projects', 'slides', 'team', 'items-eia']);
  });

  it('shows a page as hero, intro, body and closing, in that order', () => {
    const page = render('about', {
      title: 'Careers',
      hero: { title: 'Careers at Haritha', subtitle: 'Cleaner places', buttonText: 'Say hello' },
      introHeading: 'Why us',
      intro: ['First.', 'Second.'],
      closing: { heading: 'Soon', text: ['Last.'] },
    });
    expect(texts(page)).toEqual([
      'Careers at Haritha',
      'Cleaner places',
      'Say hello',
      'Why us',
      'First.',
      'Second.',
      '[body widget]',
      'Soon',
      'Last.',
    ]);
    expect(types(page)).toContain('h1');
  });

  it('falls back to the page title when the hero has none, and lists a project’s outcomes', () => {
    const project = render('projects', {
      title: 'Biogas',
      summary: 'Gas',
      outcomes: ['a', 'b', 'c'],
    });
    expect(texts(project).slice(0, 2)).toEqual(['Biogas', 'Gas']);
    expect(types(project).filter((type) => type === 'li')).toHaveLength(3);
  });

  it('shows a slide in the slider’s markup and an item with its infographic copy', () => {
    const slide = render('slides', {
      title: 'Sun',
      subtitle: 'Power',
      image: '/images/s.jpg',
      alt: 'x',
    });
    expect(texts(slide)).toEqual(['Sun', 'Power']);
    const item = render('items-eia', {
      title: 'Water',
      description: 'Save it.',
      infographic: {
        heading: 'Water',
        lead: 'Less use.',
        features: [{ title: 'Meters', text: 'Measure.', icon: 'gauge' }],
        stats: [{ value: '30%', label: 'less' }],
      },
    });
    expect(texts(item)).toEqual([
      'Water',
      'Save it.',
      'Infographic: Water',
      'Less use.',
      ' ',
      'Meters',
      ' Measure.',
      '30%: less',
    ]);
    // Icons and illustrations drawn as the site draws them: Lucide's glyphs, the illustration.
    const pictured = render('items-eia', {
      title: 'Water',
      description: 'Save it.',
      icon: 'droplet',
      image: 'water-conservation',
      infographic: {
        heading: 'W',
        lead: 'L',
        features: [{ title: 'M', text: 'T', icon: 'gauge' }],
      },
    });
    const props = (node: unknown, type: string): Record<string, unknown>[] => {
      if (node === null || typeof node !== 'object') return [];
      const element = node as Element & { props: Record<string, unknown> | null };
      const own = element.type === type && element.props ? [element.props] : [];
      return [...own, ...element.children.flatMap((child) => props(child, type))];
    };
    expect(props(pictured, 'use').map(({ href }) => href)).toEqual([
      '/cms/icons.svg#droplet',
      '/cms/icons.svg#gauge',
    ]);
    expect(props(pictured, 'img').map(({ src }) => src)).toEqual([
      '/cms/illustrations/water-conservation.svg',
    ]);
    expect(texts(render('team', { name: 'Asha', role: 'Lead' }))).toEqual(['Asha', 'Lead']);
    const person = { person: 'Anil Kumar Menon', name: 'Renewable Energy Lead', role: 'Solar' };
    expect(texts(render('team', person))).toEqual([
      'Anil Kumar Menon',
      'Renewable Energy Lead',
      'Solar',
    ]);
  });
});
