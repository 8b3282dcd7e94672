/** Header menus and the footer's links: the single list of where the site's pages are. */
export interface NavLink {
  label: string;
  href: string;
}

export interface NavMenu {
  label: string;
  id: string;
  links: readonly NavLink[];
}

export type NavItem = NavLink | NavMenu;

export const projectLinks: readonly NavLink[] = [
  { label: 'Legacy Waste Clearance', href: '/projects/legacy-waste-clearance' },
  { label: 'Biogas Units', href: '/projects/biogas-units' },
  { label: 'Plastic to Oil', href: '/projects/plastic-to-oil' },
  { label: 'Composting Plants', href: '/projects/composting-plants' },
];

export const mainNav: readonly NavItem[] = [
  { label: 'Home', href: '/' },
  {
    label: 'Business',
    id: 'business',
    links: [
      {
        label: 'Environmental Impact Assessment',
        href: '/services/environmental-impact-assessment',
      },
    ],
  },
  { label: 'Projects', id: 'projects', links: projectLinks },
  { label: 'Careers', href: '/careers' },
  { label: 'About', href: '/about' },
];

export const servicePages: readonly NavLink[] = [
  { label: 'Renewable Energy Solutions', href: '/renewable-energy' },
  { label: 'Hydro-Magnetic Generator', href: '/services/mcore-hidromagnetic-generator' },
  { label: 'Environmental Impact Assessment', href: '/services/environmental-impact-assessment' },
  { label: 'Waste Management', href: '/solid-waste-management' },
  { label: 'Liquid Waste and Water Management', href: '/liquid-waste-management' },
  { label: 'Integrated Farming', href: '/integrated-farming' },
  { label: 'Hospitality', href: '/hospitality' },
  { label: 'Environmental Sustainability', href: '/corporate-sustainability' },
];

export const companyPages: readonly NavLink[] = [
  { label: 'About Us', href: '/about' },
  { label: 'Careers', href: '/careers' },
  { label: 'Terms and Conditions', href: '/terms-conditions' },
  { label: 'Privacy Policy', href: '/privacy-policy' },
];

export function isMenu(item: NavItem): item is NavMenu {
  return 'links' in item;
}

/** True when `href` is the page being rendered (trailing slashes ignored). */
export function isCurrent(href: string, pathname: string): boolean {
  const strip = (path: string) => path.replace(/\/+$/, '') || '/';
  return strip(href) === strip(pathname);
}
