/**
 * The item groups (content/items/<group>/): which page lists each, what its items show there,
 * and what editors call them. The pages take a group's picture (`media`) and whether it has
 * infographic frames from here, and the CMS offers an item only the fields its page shows, so
 * neither can drift from the other. Read without Vite, like collections.ts.
 */
export interface ItemGroupDeclaration {
  /** The collection's name in the CMS, as an editor says it. */
  label: string;
  /** The page that lists the group's items. */
  page: string;
  /** The picture on each item: its illustration (`image`) or its Lucide icon (`icon`). */
  media: 'image' | 'icon';
  /** Whether the page frames each item's infographic (its documents are built only then). */
  infographic: boolean;
}

export const itemGroups = {
  renewable: {
    label: 'Renewable energy technologies',
    page: '/renewable-energy',
    media: 'image',
    infographic: true,
  },
  generator: {
    label: 'Generator topics',
    page: '/services/mcore-hidromagnetic-generator',
    media: 'image',
    infographic: true,
  },
  eia: {
    label: 'EIA cards',
    page: '/services/environmental-impact-assessment',
    media: 'icon',
    infographic: true,
  },
  farming: {
    label: 'Farming topics',
    page: '/integrated-farming',
    media: 'image',
    infographic: true,
  },
  hospitality: {
    label: 'Hospitality topics',
    page: '/hospitality',
    media: 'image',
    infographic: true,
  },
  'liquid-waste': {
    label: 'Liquid waste services',
    page: '/liquid-waste-management',
    media: 'image',
    infographic: false,
  },
  'solid-waste': {
    label: 'Solid waste services',
    page: '/solid-waste-management',
    media: 'image',
    infographic: false,
  },
  corporate: {
    label: 'Corporate sustainability services',
    page: '/corporate-sustainability',
    media: 'image',
    infographic: false,
  },
  'farming-principles': {
    label: 'Farming principles',
    page: '/integrated-farming',
    media: 'icon',
    infographic: false,
  },
} as const satisfies Record<string, ItemGroupDeclaration>;

export type ItemGroupName = keyof typeof itemGroups;
export const itemGroupNames = Object.keys(itemGroups) as [ItemGroupName, ...ItemGroupName[]];
