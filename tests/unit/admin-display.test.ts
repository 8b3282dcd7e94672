import { describe, expect, it } from 'vitest';
import {
  NOT_AVAILABLE,
  displayValue,
  NOT_ASKED_TITLE,
  enquiryDetailGroups,
  enquiryDetailRows,
  mailtoHref,
  sourceRows,
} from '../../src/admin/display/values';
import { indexNotice } from '../../src/admin/display/notices';
import { pageButtons, pageWithin } from '../../src/admin/display/pagination';
import { formatWait } from '../../src/admin/api/sign-in';
import {
  ENQUIRY_FIELD_LABELS,
  ENQUIRY_STEP_FIELDS,
  INSTITUTION_ENQUIRY,
  emptyEnquiryValues,
  type Enquiry,
} from '../../src/lib/schemas';
import { en } from '../../src/i18n/forms/en';

const enquiry = (overrides: Partial<Enquiry> = {}): Enquiry => ({
  ...(emptyEnquiryValues() as unknown as Enquiry),
  _id: 'id',
  createdAt: '2026-01-01T00:00:00.000Z',
  fullName: 'Asha',
  enquiryType: 'Individual',
  renewableEnergyUsed: 'No',
  ...overrides,
});

const labels = (value: Enquiry) => enquiryDetailRows(value).map((row) => row.label);

describe('displayValue (the details modal)', () => {
  it("shows 'N/A' for empty values and empty lists, joins lists with commas", () => {
    expect(displayValue('')).toBe(NOT_AVAILABLE);
    expect(displayValue('   ')).toBe(NOT_AVAILABLE);
    expect(displayValue(undefined)).toBe(NOT_AVAILABLE);
    expect(displayValue([])).toBe(NOT_AVAILABLE);
    expect(displayValue(['Healthcare', 'Others'])).toBe('Healthcare, Others');
    expect(displayValue(true)).toBe('Yes');
    expect(displayValue('Kochi')).toBe('Kochi');
  });
});

describe('enquiryDetailRows', () => {
  it('leaves out the conditional fields that do not apply', () => {
    const shown = labels(enquiry());
    for (const hidden of [
      'Institution Name',
      'Institution Type',
      'Other Institution Type',
      'Specify RE Type',
      'Specify How Heard',
    ]) {
      expect(shown).not.toContain(hidden);
    }
    expect(shown).toContain('Designation');
  });

  it('shows each conditional field when its answer asks for it', () => {
    const shown = labels(
      enquiry({
        enquiryType: INSTITUTION_ENQUIRY,
        institutionType: ['Others'],
        renewableEnergyUsed: 'Yes',
        howHearAboutUs: 'Other',
      }),
    );
    expect(shown).toEqual(
      expect.arrayContaining([
        'Institution Name',
        'Institution Type',
        'Other Institution Type',
        'Specify RE Type',
        'Specify How Heard',
      ]),
    );
    expect(
      labels(enquiry({ enquiryType: INSTITUTION_ENQUIRY, institutionType: ['Commercial'] })),
    ).not.toContain('Other Institution Type');
  });
});

describe('enquiryDetailGroups (the details grouped as the form asked them)', () => {
  const titles = (value: Enquiry) => enquiryDetailGroups(value).map((group) => group.title);

  it("groups the fields under the wizard's steps, in the wizard's order", () => {
    const groups = enquiryDetailGroups(enquiry());
    expect(groups.map((group) => group.title)).toEqual(en.enquiry.steps);
    groups.forEach((group, step) => {
      const fields = group.rows.map((row) => row.field);
      expect(fields).toEqual(ENQUIRY_STEP_FIELDS[step]!.filter((field) => fields.includes(field)));
      for (const row of group.rows) expect(row.label).toBe(ENQUIRY_FIELD_LABELS[row.field]);
    });
    expect(groups[0]!.rows.map((row) => row.label)).toContain('Email Address');
  });

  it('leaves out the questions the form never asks when the record has no answer to them', () => {
    const shown = labels(enquiry({ receiveEmailUpdates: false }));
    expect(shown).not.toContain('How Heard About Us');
    expect(shown).not.toContain('Specify How Heard');
    expect(shown).not.toContain('Receive Email Updates');
    expect(titles(enquiry())).not.toContain(NOT_ASKED_TITLE);
  });

  it("shows them, after the form's steps, when the record carries them", () => {
    const groups = enquiryDetailGroups(
      enquiry({ howHearAboutUs: 'Other', howHearAboutUsOther: '', receiveEmailUpdates: true }),
    );
    const last = groups.at(-1)!;
    expect(last.title).toBe(NOT_ASKED_TITLE);
    expect(last.rows.map((row) => [row.label, row.value])).toEqual([
      ['How Heard About Us', 'Other'],
      ['Specify How Heard', NOT_AVAILABLE],
      ['Receive Email Updates', 'Yes'],
    ]);
    expect(labels(enquiry({ howHearAboutUs: 'Friend' }))).not.toContain('Specify How Heard');
  });

  it("keeps 'N/A' for empty answers the form asks, and joins lists with commas", () => {
    const rows = enquiryDetailRows(
      enquiry({ enquiryType: INSTITUTION_ENQUIRY, institutionType: ['Healthcare', 'Others'] }),
    );
    const value = (label: string) => rows.find((row) => row.label === label)?.value;
    expect(value('Designation')).toBe(NOT_AVAILABLE);
    expect(value('Institution Type')).toBe('Healthcare, Others');
    expect(value('Other Institution Type')).toBe(NOT_AVAILABLE);
  });
});

describe('mailtoHref (Reply by Email)', () => {
  it('links to the address and refuses missing, N/A or malformed ones', () => {
    expect(mailtoHref('asha@example.com')).toBe('mailto:asha@example.com');
    expect(mailtoHref('a?b@example.com')).toBe('mailto:a%3Fb@example.com');
    expect(mailtoHref('')).toBeNull();
    expect(mailtoHref('N/A')).toBeNull();
    expect(mailtoHref(undefined)).toBeNull();
    expect(mailtoHref('not an address')).toBeNull();
  });
});

describe('paging (after a delete)', () => {
  it('keeps a page that exists, else the last page, else page 1', () => {
    expect(pageWithin(2, 11, 10)).toBe(2);
    expect(pageWithin(2, 10, 10)).toBe(1);
    expect(pageWithin(3, 0, 10)).toBe(1);
    expect(pageWithin(5, 25, 10)).toBe(3);
  });

  it('offers every page when few, else the ends and the neighbours', () => {
    expect(pageButtons(1, 3)).toEqual([1, 2, 3]);
    expect(pageButtons(5, 12)).toEqual([1, null, 4, 5, 6, null, 12]);
    expect(pageButtons(1, 12)).toEqual([1, 2, null, 12]);
  });
});

describe('formatWait (login lock-out)', () => {
  it('says seconds under a minute, whole minutes above', () => {
    expect(formatWait(1)).toBe('1 second');
    expect(formatWait(45)).toBe('45 seconds');
    expect(formatWait(60)).toBe('1 minute');
    expect(formatWait(601)).toBe('11 minutes');
  });
});

describe('indexNotice', () => {
  it('says nothing when the answer was complete', () => {
    expect(indexNotice(0, [], true)).toBe('');
  });

  it('says how many new records a search could not cover, and that a plain list shows them', () => {
    expect(indexNotice(1, [], true)).toBe(
      '1 new record is still being indexed and not searched yet: search again in a moment.',
    );
    expect(indexNotice(40, [], false)).toBe(
      '40 new records are still being indexed: the list shows them, the New count may change.',
    );
  });

  it('names records set aside as unreadable, five at most', () => {
    expect(indexNotice(0, ['A'], false)).toBe(
      '1 stored record could not be read and was set aside (A); a developer can inspect it in ' +
        'storage as _quarantine-<id>.',
    );
    expect(indexNotice(2, ['A', 'B', 'C', 'D', 'E', 'F', 'G'], true)).toContain(
      '7 stored records could not be read and were set aside (A, B, C, D, E and 2 more)',
    );
  });
});

describe('sourceRows', () => {
  it('lists the known parts of a lead source in order, with their labels', () => {
    expect(
      sourceRows({ source: { page: '/contact/', landing: '/', campaign: 'spring', referrer: '' } }),
    ).toEqual([
      { key: 'landing', label: 'Landing page', value: '/' },
      { key: 'campaign', label: 'Campaign', value: 'spring' },
      { key: 'page', label: 'Sent from', value: '/contact/' },
    ]);
  });

  it('is empty for a lead without a source', () => {
    expect(sourceRows({})).toEqual([]);
  });
});
