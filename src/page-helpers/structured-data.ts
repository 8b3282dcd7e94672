import { site } from '../config/site';

/** schema.org Organization data for the home page. */
export function organizationJsonLd(origin: URL | string): Record<string, unknown> {
  const url = new URL('/', origin).href;
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: site.name,
    alternateName: site.shortName,
    url,
    logo: new URL('/logo512.png', url).href,
    description: site.description,
    email: site.email,
    telephone: site.phone.e164,
    foundingDate: String(site.incorporatedYear),
    address: {
      '@type': 'PostalAddress',
      streetAddress: site.address.street,
      addressLocality: site.address.locality,
      addressRegion: site.address.region,
      postalCode: site.address.postalCode,
      addressCountry: site.address.countryCode,
    },
    areaServed: site.regions,
    sameAs: site.social.map((link) => link.href),
  };
}
