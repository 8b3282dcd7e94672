/**
 * A prospect who quotes the site must never be held for it: every paragraph of the site's own
 * pages and cards, in English, Malayalam and Arabic, sent as a contact message, is accepted,
 * and no spam phrase is found in it.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MESSAGE } from '../../../src/lib/leads/index.ts';
import { findPhrases, scoreSubmission } from '../../../src/lib/spam/index.ts';

const CONTENT = join(import.meta.dirname, '../../../content');

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : /\.(mdx|md|yaml)$/.test(name) ? [path] : [];
  });
}

/** The prose of a content file: its lines and paragraphs, without markup. */
function paragraphs(path: string): string[] {
  return readFileSync(path, 'utf8')
    .split(/\n\s*\n|\n(?=\s*[-\w]+:)/)
    .map((chunk) =>
      chunk
        .replace(/^\s*(?:-\s+)?[\w-]+:\s*[|>]?-?/gm, '')
        .replace(/<[^>]+>|[#*_`>]|\{[^}]*\}/g, ' ')
        .trim(),
    )
    .filter((text) => /\p{L}{3}/u.test(text));
}

const texts = files(CONTENT).flatMap((path) =>
  paragraphs(path).map((text) => ({ path: path.slice(CONTENT.length + 1), text })),
);

describe('the site’s own text', () => {
  it('is read from every language’s content', () => {
    for (const lang of ['en', 'ml', 'ar']) {
      expect(texts.filter(({ path }) => path.includes(`/${lang}/`)).length).toBeGreaterThan(100);
    }
  });

  it('quoted in a message, is accepted, and has no spam phrase', () => {
    const held = texts.filter(
      ({ text }) =>
        scoreSubmission(MESSAGE, { name: 'A prospect', message: text }).verdict !== 'accept',
    );
    expect(held).toEqual([]);
    const phrases = texts.flatMap(({ path, text }) =>
      findPhrases(text).map(({ phrase }) => `${path}: ${phrase}`),
    );
    expect(phrases).toEqual([]);
  });
});
