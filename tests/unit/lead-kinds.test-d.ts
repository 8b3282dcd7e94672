/**
 * A lead kind's declaration is checked against its schema and its own summary: a field renamed
 * on one side and not the other is a type error, never a search or an erasure that silently
 * finds nothing. Run by Vitest's type checker (the unit project's `typecheck`): each
 * `@ts-expect-error` fails the run if the line below it ever compiles.
 */
import * as v from 'valibot';
import { expectTypeOf, test } from 'vitest';
import { ENQUIRY, LEAD_KINDS, leadKind, type LeadKey } from '../../src/lib/leads/index.ts';
import { requiredEmail, requiredText } from '../../src/lib/schemas/fields.ts';
import { STATUS_FILTER } from '../../src/lib/schemas/search.ts';
import { STATUSES } from '../../src/lib/schemas/follow-up.ts';

const schema = v.object({ fullName: requiredText(100), email: requiredEmail() });

const base = {
  key: 'tests',
  noun: 'Test',
  words: { one: 'test', many: 'tests' },
  store: 'tests',
  statuses: STATUSES,
  retention: { from: 'last-change', purgeable: 'all' },
  insights: true,
  schema,
  labels: { fullName: 'Full Name', email: 'Email' },
  mail: { subject: 'test', nextSteps: 'We reply within a day.' },
  list: {
    href: '/admin/tests',
    urlPrefix: 't',
    pageSize: 10,
    heading: 'Tests',
    searchLabel: 'Search tests',
    searchHint: 'Name or e-mail.',
    pagesLabel: 'Test pages',
    fresh: 'new',
    deleteConfirm: 'Delete?',
  },
  csv: false,
  form: { name: 'test', api: '/api/tests', page: '/', anchor: 'test' },
} as const;

/** A summary, erasure and search that name only what exists; each test below breaks one. */
const linked = {
  summary: { name: 'fullName', email: 'email' },
  person: { email: 'email', name: 'name' },
  search: { text: ['name'], filters: {} },
} as const;

test('a declaration that names what exists compiles', () => {
  leadKind({ ...base, ...linked });
  leadKind({
    ...base,
    ...linked,
    search: { text: ['name', 'email'], filters: { status: STATUS_FILTER } },
  });
});

test('a summary copying a record field the schema does not have is a type error', () => {
  leadKind({
    ...base,
    ...linked,
    // @ts-expect-error `fulName` is not a field of the schema
    summary: { name: 'fulName', email: 'email' },
  });
});

test('erasure, search and filters may only name summary fields', () => {
  leadKind({
    ...base,
    ...linked,
    // @ts-expect-error the summary has `email`, not `emailAddress`
    person: { email: 'emailAddress', name: 'name' },
  });
  leadKind({
    ...base,
    ...linked,
    // @ts-expect-error `phone` is not in this summary
    search: { text: ['name', 'phone'], filters: {} },
  });
  leadKind({
    ...base,
    ...linked,
    // @ts-expect-error a filter compares a summary field (or the status)
    search: { text: ['name'], filters: { city: STATUS_FILTER } },
  });
});

test('labels, CSV columns and the e-mail name only record fields', () => {
  leadKind({
    ...base,
    ...linked,
    // @ts-expect-error `mail.body` must be a field of the record
    mail: { subject: 'test', body: 'message', nextSteps: 'We reply within a day.' },
  });
});

test('the real kinds are keyed as the API answers them', () => {
  expectTypeOf<LeadKey>().toEqualTypeOf<'enquiries' | 'messages' | 'applications'>();
  expectTypeOf(LEAD_KINDS[0]).toEqualTypeOf(ENQUIRY);
  // @ts-expect-error the enquiry summary has no `mail` field
  void ENQUIRY.summary.mail;
});
