/**
 * Record ids: ULIDs (26 characters of Crockford base32, 48-bit millisecond time then 80 random
 * bits). They sort as text in creation order, so a store listing sorted by key is a timeline,
 * and they are unique without coordination: ids made in the same millisecond by this process
 * increase monotonically, and ids from other instances differ in 80 random bits.
 */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const TIME_LENGTH = 10;
const RANDOM_LENGTH = 16;

export const ID_PATTERN = /^[0-7][0-9A-HJKMNP-TV-Z]{25}$/;

export function isId(value: string): boolean {
  return ID_PATTERN.test(value);
}

let lastTime = -1;
let lastRandom: number[] = [];

/** A new id; `now` is injectable for tests. */
export function newId(now: number = Date.now()): string {
  if (now <= lastTime) {
    now = lastTime;
    if (!increment(lastRandom)) {
      // 2^80 ids in one millisecond: move to the next one.
      now = lastTime + 1;
      lastRandom = randomDigits();
    }
  } else {
    lastRandom = randomDigits();
  }
  lastTime = now;
  return encodeTime(now) + lastRandom.map((digit) => ALPHABET[digit]).join('');
}

/** The creation time an id carries, in epoch milliseconds. */
export function idTime(id: string): number {
  let time = 0;
  for (const char of id.slice(0, TIME_LENGTH)) time = time * 32 + ALPHABET.indexOf(char);
  return time;
}

function encodeTime(time: number): string {
  let out = '';
  for (let i = 0; i < TIME_LENGTH; i++) {
    out = ALPHABET[time % 32] + out;
    time = Math.floor(time / 32);
  }
  return out;
}

function randomDigits(): number[] {
  const bytes = crypto.getRandomValues(new Uint8Array(RANDOM_LENGTH));
  return Array.from(bytes, (byte) => byte % 32);
}

/** Adds one to a base-32 number in place; false on overflow. */
function increment(digits: number[]): boolean {
  for (let i = digits.length - 1; i >= 0; i--) {
    const digit = digits[i]!;
    if (digit < 31) {
      digits[i] = digit + 1;
      return true;
    }
    digits[i] = 0;
  }
  return false;
}
