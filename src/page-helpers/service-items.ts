import type { CollectionEntry } from 'astro:content';
import { itemGroupNames, itemGroups } from '../content-schema/item-groups';
import { DEFAULT_LOCALE, localePath, type Locale } from '../i18n/locales';
import { entriesIn, entryLocale } from './localized';

/**
 * The items of the service and technology pages (content/items/<group>/<locale>/NN-<slug>.yaml,
 * id `<group>/<locale>/NN-<slug>`): one
 * lookup for the pages, their components and the infographic documents built from them.
 */
export type ServiceItem = CollectionEntry<'items'>;
export type ItemGroup = ServiceItem['data']['group'];

/** Groups whose pages show infographic frames, so only these documents are built. */
export const infographicGroups: readonly ItemGroup[] = itemGroupNames.filter(
  (group) => itemGroups[group].infographic,
);

/** What every section of a group's items takes: the group, and its heading and lead if any. */
export interface ItemSectionProps {
  group: ItemGroup;
  heading?: string | undefined;
  lead?: string | undefined;
}

/**
 * A group's items in `locale` for `component`, which shows their illustrations: refuses, at build,
 * a group that item-groups.ts gives icons.
 */
export async function illustratedItems(
  group: ItemGroup,
  locale: Locale,
  component: string,
): Promise<ServiceItem[]> {
  if (itemGroups[group].media !== 'image') {
    throw new Error(
      `${component} shows illustrations, but src/content-schema/item-groups.ts gives "${group}" icons`,
    );
  }
  return getItems(group, locale);
}

/** A group's items in `locale`, in their `order`. */
export async function getItems(
  group: ItemGroup,
  locale: Locale = DEFAULT_LOCALE,
): Promise<ServiceItem[]> {
  const items = await entriesIn('items', locale, (item) => item.data.group === group);
  return items.sort((a, b) => a.data.order - b.data.order);
}

/**
 * The file name without its order prefix, the same in every language:
 * `renewable/ml/01-wind-energy` → `wind-energy`.
 */
export function itemSlug(item: ServiceItem): string {
  return (item.id.split('/').pop() ?? item.id).replace(/^\d+-/, '');
}

/** Where the item's infographic document is served (in the item's language, its folder's). */
export function infographicPath(item: ServiceItem): string {
  return localePath(entryLocale(item.id), `/infographics/${item.data.group}/${itemSlug(item)}/`);
}
