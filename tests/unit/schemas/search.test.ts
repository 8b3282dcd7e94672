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
    expect(parse('q=%20asha%20&status=Won&type=&page=2&sort=x')).toEqual({
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
    expect(matches('+91 94470 12345')).toBe(false); // 91 is not in the stored number.
    expect(matches('94470-12345')).toBe(true);
    expect(matches('(944) 701')).toBe(true);
    expect(matches('012')).toBe(true);
    expect(matches('9144')).toBe(false);
    expect(matches('(94) 47')).toBe(true); // 9447, however it is spaced.
    const messages = matcher({ q: '94470', filters: {} }, MESSAGE_SEARCH);
    const record = { name: 'Ravi', email: 'ravi@94470.example' };
    expect(messages(record, () => searchableOf(record, MESSAGE_SEARCH))).toBe(true);
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
