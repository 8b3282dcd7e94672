/**
 * The one place that names the company and how to reach it.
 *
 * PLACEHOLDER: the specification withholds the company's real name and contact details.
 * Replace every value marked "placeholder" below with the registered ones before launch;
 * nothing else in the code base hard-codes them.
 */
export interface SiteConfig {
  /** Registered company name (placeholder). */
  name: string;
  /** Short name used in the logo, the loading screen and page titles (placeholder). */
  shortName: string;
  tagline: string;
  /** Default description for search engines and link previews. */
  description: string;
  keywords: readonly string[];
  /** Year the team's work began; the footer copyright runs from here. */
  foundedYear: number;
  /** Year the private limited company was registered. */
  incorporatedYear: number;
  address: {
    street: string;
    locality: string;
    region: string;
    postalCode: string;
    country: string;
    countryCode: string;
  };
  email: string;
  /** Phone in E.164 for `tel:` links, and as people read it. */
  phone: { e164: string; display: string };
  social: readonly { label: string; href: string }[];
  regions: readonly string[];
  /** The office's time zone (IANA name): its calendar says which days are working days. */
  timeZone: string;
}

export const site: SiteConfig = {
  name: 'Haritha Environmental Solutions Pvt. Ltd.', // placeholder
  shortName: 'Haritha', // placeholder
  tagline: 'Building Sustainable Legacies',
  description:
    "Kerala's environmental and renewable-energy consultancy: renewable power, waste management and biomining, environmental impact assessment, eco-hospitality, integrated farming and water, sanitation and hygiene, across the UK, Asia, the Middle East and Africa.",
  keywords: [
    'environmental consultancy Kerala',
    'renewable energy',
    'waste management',
    'biomining',
    'environmental impact assessment',
    'green protocol',
    'eco-hospitality',
    'integrated farming',
    'water sanitation hygiene',
  ],
  foundedYear: 2011,
  incorporatedYear: 2021,
  address: {
    street: '2nd Floor, Green Court, MG Road', // placeholder
    locality: 'Kochi', // placeholder
    region: 'Kerala',
    postalCode: '682016', // placeholder
    country: 'India',
    countryCode: 'IN',
  },
  email: 'hello@haritha.example', // placeholder
  phone: { e164: '+914842000000', display: '+91 484 200 0000' }, // placeholder
  social: [
    { label: 'LinkedIn', href: 'https://www.linkedin.com/company/haritha-environmental' }, // placeholder
    { label: 'Facebook', href: 'https://www.facebook.com/haritha.environmental' }, // placeholder
  ],
  regions: ['United Kingdom', 'Asia', 'Middle East', 'Africa'],
  timeZone: 'Asia/Kolkata',
};

/** The address on one line, as letters and legal pages print it. */
export function postalAddress(config: SiteConfig = site): string {
  const a = config.address;
  return `${a.street}, ${a.locality}, ${a.region} ${a.postalCode}, ${a.country}`;
}
