/**
 * Content scoring of a public submission: each rule that a submission breaks adds points and a
 * reason the admin reads; at HOLD_AT points or more it is held for review instead of accepted.
 * Pure: the two signals that need the server (how long the form took, how many other addresses
 * sent the same text) come in with the fields. No rule looks at which language or script a
 * text is in; rules count links, letters, time and known phrases, and the phrase list holds
 * every language's spam phrases alike.
 */
import { findLinks, isCheapDomain, isFullLink, isShortened, withoutLinks } from './links.ts';
import { normaliseText } from './normalise.ts';
import { SPAM_PHRASES, type SpamPhrase } from './phrases.ts';

/** Points at which a submission is held. */
export const HOLD_AT = 5;
/** Links a message may carry (a website, a profile, a map); more is a link list. */
export const MAX_LINKS = 3;
/** Words a message with a link needs besides it ("check this out" and a link is only a link). */
export const MIN_WORDS_BESIDE_LINK = 4;
/** A word: letters with their marks (a Malayalam or Arabic word counts as one, as an English one). */
const WORD = /[\p{L}\p{M}]+/gu;
/** Less than this from the first focus to the submission: no person fills a form that fast. */
export const MIN_FILL_MS = 2_500;
/** Characters a second that nobody types (text arriving faster was pasted or scripted). */
export const MAX_TYPED_PER_SECOND = 20;
/** Other addresses sending the same text within the hour that make it a campaign. */
export const SAME_TEXT_SENDERS = 3;

export type SpamRule =
  | 'link-in-name'
  | 'link-in-field'
  | 'url-shortener'
  | 'many-links'
  | 'only-link'
  | 'cheap-domain'
  | 'spam-phrase'
  | 'too-fast'
  | 'typed-too-fast'
  | 'same-text';

export interface SpamReason {
  /** Stable: what the record keeps and tests name. */
  rule: SpamRule;
  /** For the admin, in English. */
  reason: string;
  points: number;
}

export interface SpamScore {
  score: number;
  reasons: SpamReason[];
  verdict: 'accept' | 'hold';
}

/** One field's value with the label the admin knows it by. */
export interface LabelledValue {
  label: string;
  value: string;
}

export interface SpamSignals {
  /** Milliseconds from the form's first focus to its submission, when known. */
  fillMs?: number | undefined;
  /** Other addresses that sent the same text in the last hour, when counted. */
  sameTextSenders?: number | undefined;
}

export interface SpamInput extends SpamSignals {
  /** Fields that name the person: never a link. */
  names: readonly LabelledValue[];
  /** Other fields that hold a short fact (a city, a job title): never a link either. */
  short: readonly LabelledValue[];
  /**
   * Fields that may name a company, and a company may be named by its web address
   * ("Booking.com"): a bare domain is allowed there, a link with a scheme, `www.`, a path or a
   * shortener is not.
   */
  brands?: readonly LabelledValue[] | undefined;
  /** Free text (a message, comments): links may be there, a few. */
  text: readonly LabelledValue[];
}

/** Arabic particles written joined to the word after them: and, so, with, for, as, the. */
const ARABIC_PROCLITICS = '(?:وال|بال|فال|كال|لل|ال|و|ف|ب|ل|ك)?';
const NOT_BEFORE = '(?<![\\p{L}\\p{M}\\p{N}])';
const NOT_AFTER = '(?![\\p{L}\\p{M}\\p{N}])';

/**
 * Where a phrase may match, by how each language builds words. English: whole words, with an
 * English ending ("backlinks", "guest posting"). Arabic: from a word's start, after a joined
 * particle ("والعملات"), and with up to three letters of ending when its last word is long
 * enough that an ending cannot make another word ("سيو" is not in "سيوفر"). Malayalam and
 * other scripts: from a word's start, with any ending ("ലോണിന്", "ബാക്ക്‌ലിങ്കുകൾ").
 */
function phrasePattern(phrase: string): RegExp {
  // Words may also be run together ("guestpost", "linkbuilding").
  const escaped = phrase.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replaceAll(' ', ' ?');
  if (/[a-z]/.test(phrase)) {
    return new RegExp(`${NOT_BEFORE}${escaped}(?:s|es|ing|ings|ed|er|ers)?${NOT_AFTER}`, 'u');
  }
  if (/\p{Script=Arabic}/u.test(phrase)) {
    const ending = (phrase.split(' ').at(-1)?.length ?? 0) >= 4 ? '[\\p{L}\\p{M}]{0,3}' : '';
    return new RegExp(`${NOT_BEFORE}${ARABIC_PROCLITICS}${escaped}${ending}${NOT_AFTER}`, 'u');
  }
  return new RegExp(`${NOT_BEFORE}${escaped}`, 'u');
}

/**
 * Each phrase once: spellings that normalise alike, or differ only by spaces ("backlink", "back
 * link"), are one phrase, matched by the spelling with the most spaces (spaces are optional).
 */
const NORMALISED_PHRASES = (() => {
  const phrases = new Map<string, { entry: SpamPhrase; spelled: string }>();
  for (const entry of SPAM_PHRASES) {
    const spelled = normaliseText(entry.phrase);
    const key = spelled.replaceAll(' ', '');
    const known = phrases.get(key);
    if (known === undefined) phrases.set(key, { entry, spelled });
    else if (spelled.length > known.spelled.length) known.spelled = spelled;
  }
  return [...phrases].map(([key, { entry, spelled }]) => ({
    entry,
    key,
    // Every match holds the phrase's first word as written: a cheap test before the expression.
    first: spelled.split(' ', 1)[0]!,
    pattern: phrasePattern(spelled),
  }));
})();

const quote = (text: string) => `“${text}”`;

/** The spam phrases found in `text`, each once. */
export function findPhrases(text: string): SpamPhrase[] {
  const normalised = normaliseText(text);
  const found = NORMALISED_PHRASES.filter(
    ({ first, pattern }) => normalised.includes(first) && pattern.test(normalised),
  );
  // A phrase inside a longer one found ("seo" in "seo services") counts once, as the longer.
  return found
    .filter(({ key }) => !found.some((other) => other.key !== key && other.key.includes(key)))
    .map(({ entry }) => entry);
}

/** Letters a reader sees (a Malayalam conjunct or an Arabic letter with its marks is one). */
function visibleLength(text: string): number {
  const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
  let count = 0;
  for (const { segment } of segmenter.segment(text)) if (/\S/u.test(segment)) count++;
  return count;
}

/** Every field the rules read. */
const fieldsOf = (input: SpamInput) => [
  ...input.names,
  ...input.short,
  ...(input.brands ?? []),
  ...input.text,
];

function linkRules(input: SpamInput): SpamReason[] {
  const reasons: SpamReason[] = [];
  const linked = (values: readonly LabelledValue[]) =>
    values.filter(({ value }) => findLinks(value).length > 0);
  for (const { label } of linked(input.names)) {
    reasons.push({ rule: 'link-in-name', reason: `A link in the ${label} field`, points: HOLD_AT });
  }
  const brandLinks = (input.brands ?? []).filter(({ value }) => findLinks(value).some(isFullLink));
  for (const { label } of [...linked(input.short), ...brandLinks]) {
    reasons.push({
      rule: 'link-in-field',
      reason: `A link in the ${label} field`,
      points: HOLD_AT,
    });
  }
  const every = fieldsOf(input).flatMap(({ value }) => findLinks(value));
  const shortened = every.filter(isShortened);
  if (shortened.length > 0) {
    reasons.push({
      rule: 'url-shortener',
      reason: `A link through a URL shortener (${shortened[0]})`,
      points: 3,
    });
  }
  const textLinks = new Set(input.text.flatMap(({ value }) => findLinks(value.toLowerCase())));
  if (textLinks.size > MAX_LINKS) {
    reasons.push({
      rule: 'many-links',
      reason: `${textLinks.size} links in the message (more than ${MAX_LINKS})`,
      points: HOLD_AT,
    });
  }
  const words = input.text.map(({ value }) => withoutLinks(value)).join(' ');
  if (textLinks.size > 0 && (words.match(WORD)?.length ?? 0) < MIN_WORDS_BESIDE_LINK) {
    reasons.push({
      rule: 'only-link',
      reason: 'The message is a link and hardly a word besides',
      points: HOLD_AT,
    });
  }
  const cheap = every.find(isCheapDomain);
  if (cheap !== undefined) {
    reasons.push({
      rule: 'cheap-domain',
      reason: `A link to a domain ending that mostly spam uses (${cheap})`,
      points: 2,
    });
  }
  return reasons;
}

function phraseRule(input: SpamInput): SpamReason[] {
  const all = fieldsOf(input)
    .map(({ value }) => value)
    .join('\n');
  const found = findPhrases(all);
  if (found.length === 0) return [];
  const named = found.map(({ phrase, means }) =>
    means === undefined ? quote(phrase) : `${quote(phrase)} (${means})`,
  );
  return [
    {
      rule: 'spam-phrase',
      reason: `Known spam ${found.length === 1 ? 'phrase' : 'phrases'}: ${named.join(', ')}`,
      points: found.reduce((sum, { points }) => sum + points, 0),
    },
  ];
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

function timeRules({ fillMs, text }: SpamInput): SpamReason[] {
  if (fillMs === undefined || !Number.isFinite(fillMs) || fillMs < 0) return [];
  if (fillMs < MIN_FILL_MS) {
    return [
      {
        rule: 'too-fast',
        reason: `Sent ${seconds(fillMs)} after the form was first touched: faster than a person`,
        points: HOLD_AT,
      },
    ];
  }
  const typed = text.reduce((sum, { value }) => sum + visibleLength(value), 0);
  if (typed > 2 * MAX_TYPED_PER_SECOND && (typed * 1000) / fillMs > MAX_TYPED_PER_SECOND) {
    return [
      {
        rule: 'typed-too-fast',
        reason: `${typed} characters in ${seconds(fillMs)}: faster than anyone types (pasted?)`,
        points: 2,
      },
    ];
  }
  return [];
}

function sameTextRule({ sameTextSenders }: SpamInput): SpamReason[] {
  if (sameTextSenders === undefined || sameTextSenders < SAME_TEXT_SENDERS) return [];
  return [
    {
      rule: 'same-text',
      reason: `The same text came from ${sameTextSenders} other addresses within the hour`,
      points: HOLD_AT,
    },
  ];
}

/** Scores a submission: its points, the reasons for them, and whether to accept or hold it. */
export function scoreSpam(input: SpamInput): SpamScore {
  const reasons = [
    ...linkRules(input),
    ...phraseRule(input),
    ...timeRules(input),
    ...sameTextRule(input),
  ];
  const score = reasons.reduce((sum, { points }) => sum + points, 0);
  return { score, reasons, verdict: score >= HOLD_AT ? 'hold' : 'accept' };
}
