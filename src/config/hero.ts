import { site } from './site';

/** The hero banner's default copy (SPEC "Hero banner"); pages override it in content/pages. */
export const defaultHero = {
  title: site.tagline,
  subtitle: `Welcome to ${site.shortName}, Kerala's leading environmental solutions provider, with a decade of experience in clean energy, waste, water and green living.`,
} as const;
