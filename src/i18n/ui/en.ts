/**
 * The words of the public pages' frame and widgets in English: header, footer, language switcher,
 * splash, service-page controls, slider, ticker, project and error pages. Page copy lives in
 * content/ and the forms' words in src/i18n/forms; Malayalam and Arabic (ml.ts, ar.ts) must have
 * every key this has (a missing one is a type error). `{name}` marks a value filled in.
 */
export const en = {
  /** The company's line under its name (site.ts keeps the English). */
  tagline: 'Building Sustainable Legacies',
  skipLink: 'Skip to content',
  header: {
    home: '{name}, home',
    menu: 'Menu',
    mainNav: 'Main',
    language: 'Language',
  },
  /** Page names in menus and lists, by path. */
  nav: {
    home: 'Home',
    business: 'Business',
    projects: 'Projects',
    careers: 'Careers',
    about: 'About',
    aboutUs: 'About Us',
    services: 'Services',
    renewableEnergy: 'Renewable Energy Solutions',
    generator: 'Hydro-Magnetic Generator',
    eia: 'Environmental Impact Assessment',
    solidWaste: 'Waste Management',
    liquidWaste: 'Liquid Waste and Water Management',
    farming: 'Integrated Farming',
    hospitality: 'Hospitality',
    corporate: 'Environmental Sustainability',
    terms: 'Terms and Conditions',
    privacy: 'Privacy Policy',
    legacyWaste: 'Legacy Waste Clearance',
    biogas: 'Biogas Units',
    plasticToOil: 'Plastic to Oil',
    composting: 'Composting Plants',
  },
  footer: {
    about:
      'Environmental and renewable-energy solutions from Kerala for the UK, Asia, the Middle East and Africa.',
    quickLinks: 'Quick links',
    followUs: 'Follow us',
    newTab: '(opens in a new tab)',
    allPages: 'All pages',
    rights: 'All rights reserved.',
  },
  services: {
    explore: 'Explore',
    knowMore: 'Know More',
    showLess: 'Show Less',
    chooseView: 'Choose a view:',
    textDescription: 'Text Description',
    graphicalPreview: 'Graphical Preview',
    showGraphical: 'Show Graphical',
    showText: 'Show Text',
    infographic: 'Infographic: {heading}',
    /** The framed infographic document's own title. */
    infographicTitle: '{heading} – infographic',
    overview: 'Overview',
  },
  slider: {
    carousel: 'carousel',
    slide: 'slide',
    slideOf: '{index} of {count}',
    of: ' of ',
    previous: 'Previous slide',
    next: 'Next slide',
    pause: 'Pause slideshow',
    play: 'Play slideshow',
    /** The link on each slide to its service page; its name adds the slide's title. */
    explore: 'Explore',
  },
  ticker: {
    heading: 'Announcements',
  },
  legal: {
    contactHeading: 'How to reach us',
    email: 'Email:',
    phone: 'Phone:',
    contactBefore: 'Or use our ',
    contactLink: 'contact',
    contactAfter: ' form.',
    /** Shown on a translated legal page only. */
    governs:
      'This is a translation for your convenience. The English text of this page is the one that governs.',
    english: 'Read the English text',
  },
  project: {
    outcomes: 'What it achieves',
    discuss: 'Discuss a project with us',
  },
  /** The careers page's list of openings and each opening's page (src/components/careers). */
  careers: {
    heading: 'Open positions',
    lead: 'Apply before the closing date shown with each role.',
    location: 'Location',
    type: 'Type',
    closes: 'Closes on',
    /** In a list: "Closes on 31 March 2026". */
    closesOn: 'Closes on {date}',
    salary: 'Salary',
    posted: 'Posted on',
    details: 'Role details',
    apply: 'Apply',
    /** Under the Apply heading, above the application form (issue 39, item 2). */
    applyText: 'Fill in the form below and attach your CV. We read every application ourselves.',
    allOpenings: 'All open positions',
    /** "per month" after a salary figure. */
    per: {
      hour: 'per hour',
      day: 'per day',
      week: 'per week',
      month: 'per month',
      year: 'per year',
    },
    types: {
      'full-time': 'Full-time',
      'part-time': 'Part-time',
      contract: 'Contract',
      internship: 'Internship',
    },
    /** The page a closed opening's address shows, with status 410. */
    closed: {
      title: 'This position is no longer open',
      description:
        'The closing date of this job opening has passed, and it no longer takes applications.',
      text: 'The closing date of this opening has passed, so it no longer takes applications. Our current openings, and the areas we recruit for, are on our careers page.',
      link: 'See current openings',
    },
  },
  /** A number of months, by the language's plural category (Intl.PluralRules). */
  months: {
    zero: '{count} months',
    one: '{count} month',
    two: '{count} months',
    few: '{count} months',
    many: '{count} months',
    other: '{count} months',
  },
  notFound: {
    text: 'That address does not exist on our site.',
    /** {when}: "in 5 seconds", in the page's language (Intl.RelativeTimeFormat). */
    countdown: 'Taking you to the home page {when}.',
    /** After the visitor focused, clicked or pressed a key: the page stays. */
    stopped: 'You are staying on this page: choose where to go.',
    links: 'Where to go',
    home: 'Go to the home page',
    services: 'Our services',
    contact: 'Contact us',
  },
} as const;

/** The shape every language fills: the same keys, each a string. */
export type Messages = { readonly [K in keyof typeof en]: Widen<(typeof en)[K]> };
type Widen<T> = T extends string ? string : { readonly [K in keyof T]: Widen<T[K]> };
