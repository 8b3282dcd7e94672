import { describe, expect, it } from 'vitest';
import {
  ENQUIRY_NOUN,
  MESSAGE_NOUN,
  listSummary,
  newCountsText,
  noMatch,
} from '../../src/admin/display/counts';
import { eraseButton, eraseQuestion, erased, erasureFound } from '../../src/admin/display/erasure';
import { parseValues, readListView, writeListView } from '../../src/admin/display/list-view';
import { ENQUIRY_SEARCH, MESSAGE_SEARCH, SEARCH_MESSAGES } from '../../src/lib/schemas/search';

describe('the lists’ search state in the URL', () => {
  it('reads each panel’s own names: enquiries unprefixed, messages with m', () => {
    const search = '?q=Jos%C3%A9&status=New&type=Individual&page=3&mq=asha&mstatus=Won&mpage=2';
    expect(readListView(search, '', ENQUIRY_SEARCH)).toEqual({
      values: {
        q: 'José',
        status: 'New',
        type: 'Individual',
        capacity: '',
        timeline: '',
        lang: '',
      },
      page: 3,
    });
    expect(readListView(search, 'm', MESSAGE_SEARCH)).toEqual({
      values: { q: 'asha', status: 'Won', lang: '' },
      page: 2,
    });
  });

  it('reads a missing, zero, negative or non-numeric page as page 1', () => {
    for (const page of ['', '0', '-2', 'two', '1.5'])
      expect(readListView(`?page=${page}`, '', ENQUIRY_SEARCH).page).toBe(1);
  });

  it('writes only its own names, keeps the other panel’s and leaves out empty ones and page 1', () => {
    const values = {
      q: 'asha',
      status: '',
      type: 'Individual',
      capacity: '',
      timeline: '',
      lang: '',
    };
    expect(writeListView('?mq=x&mpage=2&page=4', '', ENQUIRY_SEARCH, { values, page: 1 })).toBe(
      '?mq=x&mpage=2&q=asha&type=Individual',
    );
    expect(
      writeListView('?q=asha', 'm', MESSAGE_SEARCH, { values: { q: '', status: 'New' }, page: 2 }),
    ).toBe('?q=asha&mstatus=New&mpage=2');
    expect(
      writeListView('?q=a&status=New', '', ENQUIRY_SEARCH, { values: { q: '' }, page: 1 }),
    ).toBe('');
  });

  it('a written view reads back the same', () => {
    const view = {
      values: {
        q: 'kochi 98470',
        status: 'Qualified',
        type: '',
        capacity: '',
        timeline: '',
        lang: '',
      },
      page: 2,
    };
    expect(readListView(writeListView('', '', ENQUIRY_SEARCH, view), '', ENQUIRY_SEARCH)).toEqual(
      view,
    );
  });

  it('checks the values by the API’s rules and messages before any request', () => {
    expect(parseValues({ q: 'x'.repeat(101) }, ENQUIRY_SEARCH)).toEqual({
      ok: false,
      error: SEARCH_MESSAGES.tooLong,
    });
    expect(parseValues({ q: ' asha ', status: 'Maybe' }, ENQUIRY_SEARCH)).toEqual({
      ok: false,
      error: ENQUIRY_SEARCH.filters.status.message,
    });
    expect(parseValues({ q: ' asha ', status: '', type: 'Individual' }, ENQUIRY_SEARCH)).toEqual({
      ok: true,
      query: { q: 'asha', filters: { type: 'Individual' } },
    });
  });
});

describe('count texts', () => {
  it('keeps SPEC’s unfiltered count and says "match" under a search', () => {
    expect(listSummary(12, ENQUIRY_NOUN, 1, 2, false)).toBe('12 enquiries, page 1 of 2');
    expect(listSummary(3, ENQUIRY_NOUN, 1, 1, true)).toBe('3 enquiries match, page 1 of 1');
    expect(listSummary(1, MESSAGE_NOUN, 1, 1, true)).toBe('1 message matches, page 1 of 1');
    expect(noMatch(ENQUIRY_NOUN)).toBe('No enquiries match your search.');
  });

  it('the header says the New counts it knows, singular or plural', () => {
    const counts = (enquiries: number | null, messages: number | null, applications = null) => ({
      enquiries,
      messages,
      applications,
    });
    expect(newCountsText(counts(3, 1))).toBe('3 new enquiries · 1 unread message');
    expect(newCountsText(counts(1, 0))).toBe('1 new enquiry · 0 unread messages');
    expect(newCountsText(counts(null, 2))).toBe('2 unread messages');
    expect(newCountsText(counts(null, null))).toBe('');
    expect(newCountsText({ enquiries: 0, messages: 1, applications: 2 })).toBe(
      '0 new enquiries · 1 unread message · 2 new applications',
    );
  });
});

describe('erasure texts', () => {
  const email = 'asha@example.in';

  it('names what was found, or that nothing was', () => {
    expect(
      erasureFound({ enquiries: 2, messages: 1, applications: 0, ids: [], records: [] }, email),
    ).toBe('Found 2 enquiries and 1 message for asha@example.in.');
    expect(
      erasureFound({ enquiries: 0, messages: 0, applications: 0, ids: [], records: [] }, email),
    ).toBe('No enquiries, messages or applications use this address.');
    expect(
      erasureFound({ enquiries: 0, messages: 1, applications: 2, ids: [], records: [] }, email),
    ).toBe('Found 1 message and 2 applications for asha@example.in.');
  });

  it('the button, the question and the result name the count', () => {
    expect(eraseButton(3)).toBe('Delete all 3 records');
    expect(eraseButton(1)).toBe('Delete 1 record');
    expect(eraseQuestion(3, email)).toBe(
      'Delete 3 records of asha@example.in? This cannot be undone.',
    );
    expect(erased(3)).toBe('Deleted 3 records.');
    expect(erased(1)).toBe('Deleted 1 record.');
  });
});
