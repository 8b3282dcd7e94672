/**
 * Which mailbox an address reaches, for counting what is sent to it: `addressKey` (case-folded,
 * NFC, invisible characters gone), then what mail providers ignore taken away, so that
 * `Asha+1@Gmail.com`, `a.s.h.a+2@googlemail.com` and `asha@gmail.com` are one mailbox.
 *
 * - A `+tag` is removed at every domain: where `+` is no tag, two mailboxes count as one, which
 *   only makes a limit stricter.
 * - A `-tag` is removed only where the provider is known to use it (Yahoo's disposable
 *   addresses; a Yahoo user name has no `-`): elsewhere `mary-jane@` is a mailbox of its own.
 * - Dots in the user name are removed only where the provider ignores them (Gmail, whose
 *   googlemail.com is the same mailboxes).
 */
import { addressKey } from './fields.ts';

/** Providers that ignore dots in the user name, and the domain their mailboxes are counted at. */
const DOTS_IGNORED: Readonly<Record<string, string>> = {
  'gmail.com': 'gmail.com',
  'googlemail.com': 'gmail.com',
};
/** Providers whose sub-address tag starts with '-'. */
const HYPHEN_TAGS = new Set(['yahoo.com', 'ymail.com', 'rocketmail.com']);

/** A domain as DNS reads it: lower case, IDNA (punycode), no trailing dot. */
function hostKey(domain: string): string {
  const plain = domain.replace(/\.$/, '');
  try {
    return new URL(`http://${plain}/`).hostname;
  } catch {
    return plain;
  }
}

/** The mailbox `email` reaches (see the module's header); idempotent. */
export function mailboxKey(email: string): string {
  const key = addressKey(email);
  const at = key.lastIndexOf('@');
  if (at < 1) return key;
  const domain = hostKey(key.slice(at + 1));
  const counted = DOTS_IGNORED[domain] ?? domain;
  let user = key.slice(0, at).split('+')[0]!;
  if (HYPHEN_TAGS.has(counted)) user = user.split('-')[0]!;
  if (DOTS_IGNORED[domain] !== undefined) user = user.replaceAll('.', '');
  // An address that is all tag (`+x@…`) keeps its whole user name.
  return `${user === '' ? key.slice(0, at) : user}@${counted}`;
}

/**
 * The domain a mailbox's counts are pooled under: its last two labels, or three under a
 * country's second level (`example.co.uk`, `kerala.gov.in`), so a domain's subdomains count as
 * one (`a.example.com`, `b.example.com`).
 */
export function mailDomainKey(mailbox: string): string {
  const labels = mailbox.slice(mailbox.lastIndexOf('@') + 1).split('.');
  const underCountry =
    labels.length >= 3 && labels.at(-1)!.length === 2 && labels.at(-2)!.length <= 3;
  return labels.slice(underCountry ? -3 : -2).join('.');
}
