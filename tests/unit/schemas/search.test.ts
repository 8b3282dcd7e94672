/** The admin lists' search rules (src/lib/schemas/search.ts): parameters, folding, matching. */
import { describe, expect, it } from 'vitest';
import {
  ENQUIRY_SEARCH,
  MESSAGE_SEARCH,
  SEARCH_MAX_LENGTH,
  SEARCH_MESSAGES,
  STATUS_MESSAGE,
  foldForSearch,
  isEmptyQuery,
  matcher,
  parseListQuery,
  queryParams,
  searchableOf,
  type ListQuery,
  type SearchSpec,
} from '../../../src/lib/schemas/index.ts';

const parse = (query: string, spec: SearchSpec = ENQUIRY_SEARCH) =>
  parseListQuery(new URLSearchParams(query), spec);

const summary = {
  name: 'José Kuriakose',
  email: 'jose@example.in',
  phone: '9447012345',
  institution: 'Śrī Nārāyaṇa College',
  city: 'Thrissur',
  type: 'Individual',
  capacity: 'Less than 10 kWh',
  timeline: '1-3 months',
  status: 'New',
};

function matches(q: string, filters: Record<string, string> = {}, record = summary): boolean {
  const match = matcher({ q, filters }, ENQUIRY_SEARCH);
  return match(record, () => searchableOf(record, ENQUIRY_SEARCH));
}

describe('parseListQuery', () => {
  it('reads q trimmed and each known filter; empty means any; other parameters are ignored', () => {
    expect(parse('q=%20asha%E2%80%8B%20&status=Won&type=&page=2&sort=x')).toEqual({
      ok: true,
      query: { q: 'asha', filters: { status: 'Won' } },
    });
    expect(parse('')).toEqual({ ok: true, query: { q: '', filters: {} } });
    expect(parse('type=Individual', MESSAGE_SEARCH)).toEqual({
      ok: true,
      query: { q: '', filters: {} },
    });
  });

  it('takes q up to 100 characters after trimming, and no control characters', () => {
    const longest = 'a'.repeat(SEARCH_MAX_LENGTH);
    expect(parse(`q=${longest}%20`)).toMatchObject({ ok: true, query: { q: longest } });
    expect(parse(`q=${longest}b`)).toEqual({ ok: false, error: SEARCH_MESSAGES.tooLong });
    expect(SEARCH_MESSAGES.tooLong).toBe('Search: Please use at most 100 characters.');
    for (const control of ['%00', '%1B', '%7F', '%C2%85', '%E2%80%AE', '%E2%81%A6', '%0A']) {
      expect(parse(`q=a${control}b`), control).toEqual({
        ok: false,
        error: 'Search: Please remove invisible control characters.',
      });
    }
  });

  it('drops invisible characters and direction marks pasted into q, but not the bidirectional controls', () => {
    expect(parse('q=%E2%80%8Bas%EF%BB%BFha%E2%81%A3%F3%A0%81%81')).toMatchObject({
      ok: true,
      query: { q: 'asha' },
    });
    expect(parse('q=%E2%80%8F%D7%A9%D7%9C%D7%95%D7%9D')).toMatchObject({
      ok: true,
      query: { q: '\u05e9\u05dc\u05d5\u05dd' },
    });
    expect(parse('q=%E2%80%AEasha')).toEqual({ ok: false, error: SEARCH_MESSAGES.control });
    // Other invisible format characters are refused, as in every single-line field.
    expect(parse('q=a%EF%BF%B9b')).toEqual({ ok: false, error: SEARCH_MESSAGES.control });
  });

  it('refuses a filter value not on its list, exactly, with its message', () => {
    expect(parse('status=won')).toEqual({ ok: false, error: STATUS_MESSAGE });
    expect(parse('status=Won%20')).toEqual({ ok: false, error: STATUS_MESSAGE });
    expect(parse('capacity=Greater%20than%201%20MW')).toMatchObject({ ok: true });
    expect(parse('timeline=now')).toEqual({
      ok: false,
      error:
        'Timeline must be one of: Immediately (within 1 month); 1-3 months; 3-6 months; More than 6 months; Just exploring / No fixed timeline.',
    });
  });
});

describe('foldForSearch', () => {
  it('drops case, accents and combining marks, and collapses white space', () => {
    expect(foldForSearch('  ŚRĪ  Nārāyaṇa\tCollege ')).toBe('sri narayana college');
    expect(foldForSearch('Zoë Ålund')).toBe('zoe alund');
    expect(foldForSearch('ﬁne')).toBe('fine'); // Compatibility forms too.
    expect(foldForSearch('തൃശ്ശൂർ')).toBe('തൃശ്ശൂർ'.normalize('NFKD').replace(/\p{M}/gu, ''));
  });

  it('drops default-ignorable code points, joiners and direction marks included', () => {
    expect(foldForSearch('As\u200bha\ufeff  Menon\u2063')).toBe('asha menon');
    expect(foldForSearch('a\u200db\u200cc\u200ed\u200fe\u061cf\u00adg\u2060h')).toBe('abcdefgh');
    expect(foldForSearch('Ko\u{e0041}chi\u206a\u3164')).toBe('kochi');
    expect(foldForSearch('\u2600\ufe0f \u{1f469}\u200d\u{1f527}')).toBe(
      '\u2600 \u{1f469}\u{1f527}',
    );
  });
});

describe('matcher', () => {
  it('finds each word, in part, in any searched field', () => {
    expect(matches('jose')).toBe(true);
    expect(matches('KURIAKOSE thrissur')).toBe(true);
    expect(matches('narayana')).toBe(true);
    expect(matches('example.in')).toBe(true);
    expect(matches('jose kochi')).toBe(false);
    // Fields outside the search never match.
    expect(matches('individual')).toBe(false);
    expect(matches('months')).toBe(false);
    // No word spans two fields.
    expect(matches('kuriakosejose')).toBe(false);
    expect(matches('')).toBe(true);
  });

  it('compares a phone-like query by its digits, from three digits on', () => {
    // The country code is not in the stored number, but the whole number is.
    expect(matches('+91 94470 12345')).toBe(true);
    expect(matches('+91 94470 1234')).toBe(false); // 91 is not in the stored number.
    expect(matches('94470-12345')).toBe(true);
    expect(matches('(944) 701')).toBe(true);
    expect(matches('012')).toBe(true);
    expect(matches('9144')).toBe(false);
    expect(matches('(94) 47')).toBe(true); // 9447, however it is spaced.
    const messages = matcher({ q: '94470', filters: {} }, MESSAGE_SEARCH);
    const record = { name: 'Ravi', email: 'ravi@94470.example' };
    expect(messages(record, () => searchableOf(record, MESSAGE_SEARCH))).toBe(true);
  });

  it('finds text stored with invisible characters by its visible spelling', () => {
    const stored = {
      ...summary,
      name: 'As\u200bha Me\u2063non',
      city: '\ufeffKo\u200dchi',
      email: 'asha\u200b@example.org',
    };
    expect(matches('asha menon', {}, stored)).toBe(true);
    expect(matches('kochi', {}, stored)).toBe(true);
    expect(matches('asha@example.org', {}, stored)).toBe(true);
    // The query's own invisible characters count no more than the record's.
    expect(matches('as\u200bha ko\u2060chi', {}, stored)).toBe(true);
    expect(matches('asha', {}, summary)).toBe(false);
  });

  it('finds a whole phone number with or without country code, 00 prefix or trunk zero', () => {
    const indian = { ...summary, phone: '9847000012' };
    for (const q of [
      '+91 98470 00012',
      '0091 98470 00012',
      '91 9847000012',
      '098470 00012',
      '98470 00012',
      '98470', // A part, as before.
      '000012',
      '(984) 700-0012',
    ]) {
      expect(matches(q, {}, indian), q).toBe(true);
    }
    for (const q of [
      '9847000013', // Another number sharing all but the last digit.
      '+91 98470 00013',
      '0091 98470 00013',
      '098470 00013',
      '9123000012', // Another number sharing the last six digits.
      '+91 91230 00012',
      '98470 00012 3',
      '0000000 12', // Leading zeros are not digits of the number: 12 is too short.
      '+1 98470 00012 1',
    ]) {
      expect(matches(q, {}, indian), q).toBe(false);
    }
    // Stored with the country code, searched without it or with the trunk zero.
    const withCode = { ...summary, phone: '919847000012' };
    for (const q of ['9847000012', '098470 00012', '+91 98470 00012', '0091-98470-00012']) {
      expect(matches(q, {}, withCode), q).toBe(true);
    }
    expect(matches('098470 00013', {}, withCode)).toBe(false);
    // A United Kingdom number, stored either way.
    for (const phone of ['447700900123', '07700900123', '00447700900123']) {
      const british = { ...summary, phone };
      for (const q of ['07700 900123', '+44 7700 900123', '00 44 7700 900123', '7700 900123']) {
        expect(matches(q, {}, british), `${q} for ${phone}`).toBe(true);
      }
      expect(matches('+44 7700 900124', {}, british), phone).toBe(false);
      expect(matches('07700 900124', {}, british), phone).toBe(false);
    }
  });

  it('applies every filter exactly, before any text', () => {
    expect(matches('', { status: 'New', type: 'Individual' })).toBe(true);
    expect(matches('', { status: 'Won' })).toBe(false);
    expect(matches('jose', { capacity: '10 kWh - 50 kWh' })).toBe(false);
    let searched = false;
    const match = matcher({ q: 'jose', filters: { status: 'Won' } }, ENQUIRY_SEARCH);
    match(summary, () => {
      searched = true;
      return searchableOf(summary, ENQUIRY_SEARCH);
    });
    expect(searched).toBe(false);
  });
});

describe('queryParams and isEmptyQuery', () => {
  it('write only what is set, page from 2 on', () => {
    const query: ListQuery = { q: 'asha menon', filters: { status: 'Won', type: '' } };
    expect(queryParams(query, 1).toString()).toBe('q=asha+menon&status=Won');
    expect(queryParams(query, 3).toString()).toBe('q=asha+menon&status=Won&page=3');
    expect(queryParams({ q: '', filters: {} }, 1).toString()).toBe('');
    expect(isEmptyQuery({ q: '', filters: {} })).toBe(true);
    expect(isEmptyQuery({ q: '', filters: { status: 'New' } })).toBe(false);
    expect(isEmptyQuery({ q: 'a', filters: {} })).toBe(false);
  });
});
