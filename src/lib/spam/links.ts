/**
 * Links in what a visitor typed: addresses with a scheme (`https://…`), with `www.`, and bare
 * domains (`acme-solar.in/contact`) under a top-level domain that people write, never an e-mail
 * address's domain. Read on NFKC text without invisible characters, so a fullwidth or
 * zero-width-split address is still found. URL shorteners are named: a real prospect has no
 * reason to hide where a link goes, while map and chat links (goo.gl/maps, wa.me) are ordinary.
 */

/**
 * Top-level domains a bare address is recognised under: the common generic ones and the
 * countries the company's clients write from. Left out on purpose: those that are also
 * abbreviations in running text ("Sr.No", "Co.Ltd", "Dr.Ali", "M.Sc").
 */
const TLDS = [
  'com',
  'net',
  'org',
  'info',
  'biz',
  'edu',
  'gov',
  'io',
  'co',
  'in',
  'uk',
  'ae',
  'sa',
  'qa',
  'om',
  'kw',
  'bh',
  'eg',
  'jo',
  'ng',
  'ke',
  'za',
  'gh',
  'tz',
  'ug',
  'et',
  'rw',
  'lk',
  'us',
  'de',
  'fr',
  'nl',
  'ru',
  'cn',
  'xyz',
  'top',
  'site',
  'online',
  'shop',
  'store',
  'club',
  'live',
  'life',
  'link',
  'click',
  'app',
  'dev',
  'tech',
  'ly',
  'gl',
  'gd',
  'me',
  'to',
  'cc',
  'ws',
  'pw',
  'su',
  'icu',
  'buzz',
  'win',
  'vip',
  'bid',
  'loan',
  'money',
  'finance',
  'eu',
  'au',
  'ca',
  'sg',
];

/** Hosts that only forward to another address. */
export const SHORTENERS = [
  'bit.ly',
  'bitly.com',
  'tinyurl.com',
  'goo.gl',
  't.co',
  'ow.ly',
  'is.gd',
  'cutt.ly',
  'rebrand.ly',
  'shorturl.at',
  'tiny.cc',
  'rb.gy',
  't.ly',
  'bl.ink',
  's.id',
  'buff.ly',
  'shorte.st',
  'adf.ly',
  'v.gd',
  'clck.ru',
  'tny.im',
  'soo.gd',
  'x.gd',
  'urlz.fr',
  'surl.li',
  'qrco.de',
  'linktr.ee',
  'lnkd.in',
  'short.gy',
  'tiny.one',
  'u.to',
];

/** Shortener addresses that only ever lead to a map (a site's location). */
const MAP_LINKS = /^(?:maps\.app\.goo\.gl|goo\.gl\/maps)(?:\/|$)/;

/** Case-free by hand: a bare domain's part must stay case-sensitive in the same expression. */
const SCHEMED = String.raw`(?:[hH][tT][tT][pP][sS]?|[fF][tT][pP]|[hH][xX][xX][pP][sS]?):\/\/[^\s<>"'()\[\]{}]+`;
const WWW = String.raw`[wW]{3}\.[^\s<>"'()\[\]{}]+`;
const BARE =
  String.raw`(?<![@\p{L}\p{N}._-])(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?\.)*` +
  String.raw`(?:[A-Za-z0-9][A-Za-z0-9-]*[A-Za-z0-9]\.(?:${TLDS.join('|')})|(?:${SHORTENERS.map(escape).join('|')}))` +
  String.raw`(?![\p{L}\p{N}@-])(?:\/[^\s<>"'()\[\]{}]*)?`;
/**
 * A bare domain's top-level part must be written in lower case, as addresses are: "solar.In
 * Kerala" is a sentence that lost its space, not a link.
 */
const LINK = new RegExp(`${SCHEMED}|${WWW}|${BARE}`, 'gu');

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** `text` as links are looked for in it: NFKC, no invisible characters. */
function visible(text: string): string {
  return text.normalize('NFKC').replace(/[\p{Default_Ignorable_Code_Point}\p{Cf}]/gu, '');
}

/** The links in `text`, as written, trailing punctuation cut off, in order. */
export function findLinks(text: string): string[] {
  return [...visible(text).matchAll(LINK)].map(([link]) => link.replace(/[.,;:!?،؛。]+$/u, ''));
}

/** The host and path of a link, without scheme and `www.`, lower case. */
function hostAndPath(link: string): string {
  return link
    .toLowerCase()
    .replace(/^[a-z]+:\/\//, '')
    .replace(/^www\./, '');
}

/** True when `link` goes through a URL shortener (a map link does not count). */
export function isShortened(link: string): boolean {
  const address = hostAndPath(link);
  if (MAP_LINKS.test(address)) return false;
  const host = address.split(/[/?#]/, 1)[0]!;
  return SHORTENERS.includes(host);
}

/** `text` with its links taken out. */
export function withoutLinks(text: string): string {
  return visible(text).replace(LINK, ' ');
}

/**
 * Top-level domains sold for next to nothing and mostly registered for spam. A link to one adds
 * a little suspicion, never enough alone to hold a message.
 */
const CHEAP_TLDS = new Set([
  'xyz',
  'top',
  'club',
  'vip',
  'click',
  'live',
  'online',
  'site',
  'icu',
  'buzz',
  'loan',
  'win',
  'bid',
  'pw',
  'su',
  'ru',
  'money',
  'shop',
]);

/** True when `link`'s host ends in one of CHEAP_TLDS. */
export function isCheapDomain(link: string): boolean {
  const host = hostAndPath(link).split(/[/?#:]/, 1)[0]!;
  return CHEAP_TLDS.has(host.slice(host.lastIndexOf('.') + 1));
}

/** True when `link` is more than a bare domain: it has a scheme, `www.`, a path or a shortener. */
export function isFullLink(link: string): boolean {
  return /^[a-z]+:\/\/|^www\.|\//i.test(link) || isShortened(link);
}
