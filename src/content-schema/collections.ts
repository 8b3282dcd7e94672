/**
 * Where each content collection's entries live: its glob loader's pattern and base folder, in the
 * order the CMS lists the collections. src/content.config.ts makes its loaders from this table and
 * the CMS config (src/integrations/cms/sources.ts) reads it, so neither parses the other's source.
 * Only glob loaders are known to the CMS: content.config.ts's `collections` must match these keys.
 */
export interface CollectionFolder {
  /** The glob loader's pattern, e.g. `**\/*.yaml`. */
  pattern: string;
  /** Folder under the project, e.g. `./content/items`. */
  base: string;
}

export const collectionFolders = {
  pages: { pattern: '**/*.{md,mdx}', base: './content/pages' },
  projects: { pattern: '**/*.{md,mdx}', base: './content/projects' },
  slides: { pattern: '**/*.yaml', base: './content/slides' },
  team: { pattern: '**/*.yaml', base: './content/team' },
  serviceCards: { pattern: '**/*.yaml', base: './content/service-cards' },
  items: { pattern: '**/*.yaml', base: './content/items' },
  openings: { pattern: '**/*.{md,mdx}', base: './content/openings' },
} as const satisfies Record<string, CollectionFolder>;

export type CollectionName = keyof typeof collectionFolders;
