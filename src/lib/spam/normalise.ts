/**
 * The text the spam rules read: what a reader sees, with the tricks that hide a word from a
 * filter undone, so "S.E.O", "ｂａｃｋｌｉｎｋｓ", "l1nk bu1lding", "b​itcoin" (a zero-width space
 * inside) and "сrурtо" (Cyrillic letters) read as the words they imitate. Malayalam and Arabic
 * are brought to one spelling of the same word (chillu letters, alef forms, vowel marks), so a
 * phrase list entry matches however a keyboard typed it. Nothing here judges a script: every
 * step maps spellings of one word onto one, in each script alike.
 */

/** Invisible characters (zero-width spaces and joiners, soft hyphens, BOM, tags, …). */
const INVISIBLE = /[\p{Default_Ignorable_Code_Point}\p{Cf}]/gu;

/** Malayalam atomic chillu letters and the virama spelling they stand for (joiner removed). */
const CHILLU: Readonly<Record<string, string>> = {
  '\u0d7a': '\u0d23\u0d4d',
  '\u0d7b': '\u0d28\u0d4d',
  '\u0d7c': '\u0d30\u0d4d',
  '\u0d7d': '\u0d32\u0d4d',
  '\u0d7e': '\u0d33\u0d4d',
  '\u0d7f': '\u0d15\u0d4d',
  '\u0d54': '\u0d2e\u0d4d',
  '\u0d55': '\u0d2f\u0d4d',
  '\u0d56': '\u0d34\u0d4d',
};

/** Arabic vowel marks, Quranic marks and the tatweel: decoration, not spelling. */
const ARABIC_MARKS = /[\u0610-\u061a\u064b-\u065f\u0670\u06d6-\u06ed\u0640]/g;
const ARABIC_LETTERS: Readonly<Record<string, string>> = {
  أ: 'ا',
  إ: 'ا',
  آ: 'ا',
  ٱ: 'ا',
  ى: 'ي',
  ة: 'ه',
  ؤ: 'و',
  ئ: 'ي',
  ک: 'ك',
  ی: 'ي',
};

/** Arabic-Indic and Persian digits, as Western digits (phone numbers are written in all three). */
const EASTERN_DIGITS = /[\u0660-\u0669\u06f0-\u06f9]/g;

/**
 * Letters of other alphabets that look like Latin ones, as spammers mix them into English
 * words. Only applied inside a word that also has Latin letters, so Greek or Russian text stays
 * as it is.
 */
const LOOKALIKES: Readonly<Record<string, string>> = {
  а: 'a',
  в: 'b',
  е: 'e',
  ё: 'e',
  к: 'k',
  м: 'm',
  н: 'h',
  о: 'o',
  р: 'p',
  с: 'c',
  т: 't',
  у: 'y',
  х: 'x',
  і: 'i',
  ї: 'i',
  ј: 'j',
  ѕ: 's',
  ԁ: 'd',
  ԛ: 'q',
  ԝ: 'w',
  ɡ: 'g',
  ı: 'i',
  α: 'a',
  β: 'b',
  ε: 'e',
  ι: 'i',
  κ: 'k',
  ν: 'v',
  ο: 'o',
  ρ: 'p',
  τ: 't',
  υ: 'u',
  χ: 'x',
};
const LOOKALIKE = new RegExp(`[${Object.keys(LOOKALIKES).join('')}]`, 'gu');

/** Digits and signs written for the letters they look like, inside a Latin word ("b1tc0in"). */
const LEET: Readonly<Record<string, string>> = {
  '0': 'o',
  '1': 'i',
  '3': 'e',
  '4': 'a',
  '5': 's',
  '7': 't',
  '@': 'a',
  $: 's',
  '!': 'i',
};

/** A run of word characters and the signs leetspeak uses (each is one match: linear time). */
const WORD_RUN = /[\p{L}\p{N}@$!]+/gu;

/** Three or more single letters joined by dots, dashes, stars or spaces: "s.e.o", "c r y p t o". */
const SPELLED_OUT = /(?<![\p{L}\p{M}\p{N}])\p{L}(?:[ .\-_*·•|/]+\p{L}(?![\p{L}\p{M}\p{N}])){2,}/gu;

function replaceEach(text: string, pattern: RegExp, table: Readonly<Record<string, string>>) {
  return text.replace(pattern, (char) => table[char] ?? char);
}

/** One word with its lookalike letters and leetspeak undone, if it is a Latin word at all. */
function latinWord(word: string): string {
  if (!/[a-z]/.test(word)) return word;
  // A sign stands for a letter only between letters ("sh@re"; "call me!" keeps its "!").
  const letters = word.replace(/(?<=[a-z])[@$!](?=[a-z])/g, (char) => LEET[char] ?? char);
  // Only a word that mixes letters with digits is leetspeak ("10kw" stays a quantity).
  if (!/[0-9]/.test(letters) || !/[a-z].*[a-z]/.test(letters)) return letters;
  if (/^[0-9]+[a-z]{1,3}$/.test(letters)) return letters; // A quantity: "10kw", "3rd".
  return letters.replace(/[0-9]/g, (char) => LEET[char] ?? char);
}

/**
 * The form of `text` that the spam rules compare: NFKC, lower case, no invisible characters,
 * one spelling per Malayalam and Arabic letter (no Malayalam virama), Western digits, lookalike and leet letters of
 * Latin words undone, spelled-out words joined, and every run of anything but letters, marks
 * and digits one space. Idempotent.
 */
export function normaliseText(text: string): string {
  let result = text.normalize('NFKC').replace(INVISIBLE, '').toLowerCase();
  result = result.replace(/[\u0d54-\u0d56\u0d7a-\u0d7f]/g, (char) => CHILLU[char] ?? char);
  // Without the virama a word's stem is a prefix of its inflected forms ("ലിങ്ക്", "ലിങ്കുകൾ").
  result = result.replace(/\u0d4d/g, '');
  result = result.replace(ARABIC_MARKS, '');
  result = replaceEach(result, /[أإآٱىةؤئکی]/g, ARABIC_LETTERS);
  result = result.replace(EASTERN_DIGITS, (digit) =>
    String((digit.codePointAt(0)! - (digit >= '\u06f0' ? 0x06f0 : 0x0660)) % 10),
  );
  result = result.replace(LOOKALIKE, (char, offset: number, whole: string) => {
    // A lookalike counts as Latin only beside a Latin letter (inside an English word).
    const near = whole.slice(Math.max(0, offset - 1), offset + 2);
    return /[a-z]/.test(near) ? (LOOKALIKES[char] ?? char) : char;
  });
  result = result.replace(WORD_RUN, latinWord);
  result = result.replace(SPELLED_OUT, (run) => run.replace(/[ .\-_*·•|/]+/g, ''));
  return result.replace(/[^\p{L}\p{M}\p{N}]+/gu, ' ').trim();
}
