/**
 * The description teaser: split a text into sentences; texts of three sentences or
 * fewer are returned unchanged; longer ones keep the first two sentences in full, then the first
 * half (rounded up) of the third sentence's words and an ellipsis.
 */

/** Sentence-final punctuation: full stop, question mark (also Arabic's), exclamation, ellipsis. */
const TERMINAL = /[.!?؟…]+["'”’)\]»]*$/;
/** What may close a sentence after its punctuation (quotes, brackets). */
const CLOSERS = /["'”’)\]»]+$/;
/** A next word that starts with a lower-case letter continues the sentence ("e.g. the …"). */
const CONTINUES = /^["'“‘(\[«]*\p{Ll}/u;

/**
 * Abbreviations that never end a sentence: titles before names, Latin short forms and units
 * that are always followed by more words. "etc." is left out on purpose: it often does end one.
 */
const ABBREVIATIONS = new Set([
  'approx',
  'ca',
  'cf',
  'co',
  'dept',
  'dr',
  'e.g',
  'eg',
  'est',
  'fig',
  'figs',
  'govt',
  'i.e',
  'ie',
  'inc',
  'jr',
  'ltd',
  'mr',
  'mrs',
  'ms',
  'mt',
  'no',
  'nos',
  'p.a',
  'prof',
  'pvt',
  'rs',
  'sr',
  'st',
  'viz',
  'vs',
]);

/** True if `word` (with its trailing punctuation) can end a sentence, given the word after it. */
function endsSentence(word: string, next: string | undefined): boolean {
  if (!TERMINAL.test(word)) return false;
  if (next === undefined) return true;
  if (CONTINUES.test(next)) return false;
  const bare = word.replace(CLOSERS, '');
  // Only a single full stop can belong to an abbreviation; "?", "!" and "..." always end one.
  if (!/[^.]\.$/.test(bare)) return true;
  const stem = bare
    .slice(0, -1)
    .replace(/^["'“‘(\[«]+/, '')
    .toLowerCase();
  if (ABBREVIATIONS.has(stem)) return false;
  // A lone initial ("J. Smith") is not a sentence.
  return !/^\p{Lu}$/u.test(bare.slice(0, -1));
}

/**
 * Splits text into sentences, each with its closing punctuation, whitespace normalised.
 * A decimal such as 3.5 never splits (a full stop counts only at the end of a word), nor does a
 * full stop, "?" or "!" followed by a lower-case word.
 */
export function splitSentences(text: string): string[] {
  const words = text.split(/\s+/).filter(Boolean);
  const sentences: string[] = [];
  let current: string[] = [];
  words.forEach((word, index) => {
    current.push(word);
    if (endsSentence(word, words[index + 1])) {
      sentences.push(current.join(' '));
      current = [];
    }
  });
  if (current.length > 0) sentences.push(current.join(' '));
  return sentences;
}

/** The shortened description shown on closed cards and sections. */
export function teaser(text: string): string {
  const sentences = splitSentences(text);
  const [first, second, third] = sentences;
  if (sentences.length <= 3 || first === undefined || second === undefined || third === undefined) {
    return text;
  }
  const words = third.split(' ');
  const half = words
    .slice(0, Math.ceil(words.length / 2))
    .join(' ')
    // Trailing commas, colons or dashes (Arabic's comma and semicolon too) would sit oddly
    // before the ellipsis.
    .replace(/[\s,;:،؛–—-]+$/, '');
  return `${first} ${second} ${half}…`;
}
