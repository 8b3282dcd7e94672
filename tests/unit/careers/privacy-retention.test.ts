/**
 * The privacy policy states the applications' retention as the purge applies it: the number of
 * months in `APPLICATION_RETENTION_MONTHS` is written in each language's policy, next to the
 * words for job applications.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { APPLICATION_RETENTION_MONTHS } from '../../../src/lib/leads/application.ts';
import { LOCALES } from '../../../src/i18n/locales.ts';

const APPLICATIONS: Readonly<Record<string, RegExp>> = {
  en: /\*\*Job applications and CVs\*\* are kept for (\d+) months/,
  ml: /\*\*ജോലി അപേക്ഷകളും സിവികളും\*\*[^\n]*?(\d+) മാസം/,
  ar: /\*\*طلبات التوظيف والسير الذاتية\*\*[^\n]*?(\d+) شهرً?ا/,
};

describe('the privacy policy on job applications', () => {
  it.each(LOCALES)('%s states the months applications are kept', (lang) => {
    const policy = readFileSync(
      join(import.meta.dirname, `../../../content/pages/${lang}/privacy-policy.mdx`),
      'utf8',
    );
    const months = APPLICATIONS[lang]!.exec(policy)?.[1];
    expect(Number(months)).toBe(APPLICATION_RETENTION_MONTHS);
  });
});
