/**
 * Header menus and the footer's links: the single list of where the site's pages are. Links name
 * their words by key (src/i18n/ui: `nav`), so each language's menus say them in that language;
 * `href`s are English paths, which the components turn into the page's language (localePath).
 */
import type { Messages } from '../i18n/ui/en';

export type NavKey = keyof Messages['nav'];

export interface NavLink {
  key: NavKey;
  href: string;
}

export interface NavMenu {
  key: NavKey;
  id: string;
  links: readonly NavLink[];
}

export type NavItem = NavLink | NavMenu;

export const projectLinks: readonly NavLink[] = [
  { key: 'legacyWaste', href: '/projects/legacy-waste-clearance' },
  { key: 'biogas', href: '/projects/biogas-units' },
  { key: 'plasticToOil', href: '/projects/plastic-to-oil' },
  { key: 'composting', href: '/projects/composting-plants' },
];

export const servicePages: readonly NavLink[] = [
  { key: 'renewableEnergy', href: '/renewable-energy' },
  { key: 'generator', href: '/services/mcore-hidromagnetic-generator' },
  { key: 'eia', href: '/services/environmental-impact-assessment' },
  { key: 'solidWaste', href: '/solid-waste-management' },
  { key: 'liquidWaste', href: '/liquid-waste-management' },
  { key: 'farming', href: '/integrated-farming' },
  { key: 'hospitality', href: '/hospitality' },
  { key: 'corporate', href: '/corporate-sustainability' },
];

/** A service page's link by its key (servicePages is the one list of them). */
const servicePage = (key: NavKey): NavLink => servicePages.find((link) => link.key === key)!;

/**
 * The Business menu: the spec's one entry (the EIA page) first, then the six services of the home
 * page's cards (content/service-cards), in the cards' order; a unit test keeps the two in step.
 */
export const businessLinks: readonly NavLink[] = (
  [
    'eia',
    'renewableEnergy',
    'hospitality',
    'solidWaste',
    'liquidWaste',
    'farming',
    'corporate',
  ] as const
).map(servicePage);

export const mainNav: readonly NavItem[] = [
  { key: 'home', href: '/' },
  { key: 'business', id: 'business', links: businessLinks },
  { key: 'projects', id: 'projects', links: projectLinks },
  { key: 'careers', href: '/careers' },
  { key: 'about', href: '/about' },
];

export const companyPages: readonly NavLink[] = [
  { key: 'aboutUs', href: '/about' },
  { key: 'careers', href: '/careers' },
  { key: 'terms', href: '/terms-conditions' },
  { key: 'privacy', href: '/privacy-policy' },
];

export function isMenu(item: NavItem): item is NavMenu {
  return 'links' in item;
}

/** True when `href` is the page being rendered (trailing slashes ignored). */
export function isCurrent(href: string, pathname: string): boolean {
  const strip = (path: string) => path.replace(/\/+$/, '') || '/';
  return strip(href) === strip(pathname);
}
