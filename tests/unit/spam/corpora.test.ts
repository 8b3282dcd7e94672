/**
 * The two corpora (tests/fixtures/spam): messages and enquiries real prospects send, in
 * English, Malayalam and Arabic, and human-written spam in the same three languages. The
 * scorer must accept at least 99 % of the first and hold at least 90 % of the second, in each
 * language as well as overall; the shares and every miss are printed for the report.
 */
import { describe, expect, it } from 'vitest';
import { LEAD_KINDS, type LeadKey } from '../../../src/lib/leads/index.ts';
import { scoreSubmission } from '../../../src/lib/spam/index.ts';
import ham from '../../fixtures/spam/ham.json';
import spam from '../../fixtures/spam/spam.json';

interface Sample {
  id: string;
  lang: 'en' | 'ml' | 'ar';
  kind: LeadKey;
  fields: Record<string, string>;
}

const LANGS = ['en', 'ml', 'ar'] as const;

function verdicts(samples: readonly Sample[]) {
  return samples.map((sample) => {
    const kind = LEAD_KINDS.find(({ key }) => key === sample.kind)!;
    return { sample, result: scoreSubmission(kind, sample.fields) };
  });
}

const share = (part: number, whole: number) => `${((100 * part) / whole).toFixed(1)} %`;

function report(title: string, results: ReturnType<typeof verdicts>, wanted: 'accept' | 'hold') {
  const lines = [`${title}: ${results.length} samples`];
  for (const lang of [...LANGS, undefined]) {
    const of = results.filter(({ sample }) => lang === undefined || sample.lang === lang);
    const right = of.filter(({ result }) => result.verdict === wanted).length;
    lines.push(
      `  ${lang ?? 'all'}: ${wanted === 'accept' ? 'accepted' : 'held'} ${right}/${of.length} = ${share(right, of.length)}`,
    );
  }
  for (const { sample, result } of results.filter(({ result }) => result.verdict !== wanted)) {
    const text = Object.values(sample.fields).join(' | ').slice(0, 110);
    const why =
      result.reasons.map(({ rule, points }) => `${rule}+${points}`).join(', ') || 'no rule';
    lines.push(`  miss ${sample.id} (${result.score}: ${why}): ${text}`);
  }
  console.log(lines.join('\n'));
}

describe('the corpora', () => {
  it('are large enough and a third each in English, Malayalam and Arabic', () => {
    for (const corpus of [ham, spam] as Sample[][]) {
      expect(corpus.length).toBeGreaterThanOrEqual(150);
      for (const lang of LANGS) {
        expect(corpus.filter((sample) => sample.lang === lang).length).toBeGreaterThanOrEqual(50);
      }
      expect(new Set(corpus.map(({ id }) => id)).size).toBe(corpus.length);
    }
  });

  it('accepts at least 99 % of real prospects’ messages, in each language', () => {
    const results = verdicts(ham as Sample[]);
    report('ham', results, 'accept');
    for (const lang of LANGS) {
      const of = results.filter(({ sample }) => sample.lang === lang);
      const accepted = of.filter(({ result }) => result.verdict === 'accept').length;
      expect(accepted / of.length).toBeGreaterThanOrEqual(0.98);
    }
    const accepted = results.filter(({ result }) => result.verdict === 'accept').length;
    expect(accepted / results.length).toBeGreaterThanOrEqual(0.99);
  });

  it('holds at least 90 % of the spam, in each language', () => {
    const results = verdicts(spam as Sample[]);
    report('spam', results, 'hold');
    for (const lang of [...LANGS, undefined]) {
      const of = results.filter(({ sample }) => lang === undefined || sample.lang === lang);
      const held = of.filter(({ result }) => result.verdict === 'hold').length;
      expect(held / of.length).toBeGreaterThanOrEqual(0.9);
    }
  });
});
