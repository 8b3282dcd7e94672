/**
 * A third kind of lead, declared only here (job applications, as a /careers form would send
 * them), goes through everything the two real kinds do, from its declaration alone: the public
 * create and its e-mail-less answer, storage, the admin list and its search, the erasure of one
 * person across all three kinds, and the CSV export. This is the recipe in CONTRIBUTING.md.
 */
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { admin } from '../../../functions/_lib/auth.ts';
import { csvExport } from '../../../functions/_lib/csv-export.ts';
import { erasureEndpoint } from '../../../functions/_lib/erasure.ts';
import { dispatch, endpoint } from '../../../functions/_lib/http.ts';
import { leadEndpoint } from '../../../functions/_lib/lead-endpoint.ts';
import { leadNotification } from '../../../functions/_lib/notifications.ts';
import { ENQUIRY, MESSAGE, leadKind } from '../../../src/lib/leads/index.ts';
import { LIMITS, requiredEmail, requiredText } from '../../../src/lib/schemas/fields.ts';
import { STATUS_FILTER } from '../../../src/lib/schemas/search.ts';
import { STATUSES } from '../../../src/lib/schemas/follow-up.ts';
import { call, makeToken, useBlobs } from '../helpers.ts';
import { liveIds } from '../store-inspection.ts';
import { validContact, validEnquiry } from '../samples.ts';
import enquiriesFn from '../../../functions/enquiries.ts';
import contactFn from '../../../functions/contact.ts';

useBlobs();

const APPLICATION = leadKind({
  key: 'applications',
  noun: 'Application',
  words: { one: 'application', many: 'applications' },
  store: 'job-applications',
  statuses: STATUSES,
  retention: { from: 'last-change', purgeable: ['Won', 'Lost', 'New'] },
  insights: true,
  schema: v.object({
    fullName: requiredText(LIMITS.name),
    email: requiredEmail(),
    position: requiredText(LIMITS.name),
    coverLetter: requiredText(LIMITS.text, { multiline: true }),
  }),
  summary: { name: 'fullName', email: 'email', position: 'position' },
  person: { email: 'email', name: 'name' },
  search: { text: ['name', 'email', 'position'], filters: { status: STATUS_FILTER } },
  labels: {
    fullName: 'Full Name',
    email: 'Email',
    position: 'Position',
    coverLetter: 'Cover letter',
  },
  mail: {
    subject: 'job application',
    fields: ['fullName', 'email', 'position'],
    body: 'coverLetter',
    nextSteps: 'We read every application and reply within two weeks.',
  },
  list: {
    href: '/admin/job-applications',
    urlPrefix: 'a',
    pageSize: 10,
    heading: 'Job Applications',
    searchLabel: 'Search applications',
    searchHint: 'Name, e-mail or position; part of a word is enough.',
    pagesLabel: 'Application pages',
    fresh: 'new',
    deleteConfirm: 'Delete this application? This action cannot be undone.',
  },
  csv: true,
  form: { name: 'application', api: '/api/job-applications', page: '/careers', anchor: 'apply' },
});

const applicationsFn = leadEndpoint(APPLICATION, { publicCreate: true });
const erasureFn = erasureEndpoint([ENQUIRY, MESSAGE, APPLICATION]);
const csvFn = endpoint((req, context) =>
  dispatch(req, context, { GET: admin(csvExport(APPLICATION)) }),
);

const apply = (fields: Record<string, string>) =>
  call(applicationsFn, {
    path: '/api/job-applications',
    json: {
      fullName: 'Meera Nair',
      email: 'meera@example.in',
      position: 'Environmental engineer',
      coverLetter: 'Five years of EIA fieldwork in Kerala.\nAvailable from January.',
      ...fields,
    },
  });

describe('a third kind of lead, from its declaration alone', () => {
  it('is stored by the public create and refused with field messages when invalid', async () => {
    const created = await apply({});
    expect(created.status).toBe(201);
    const { _id } = (await created.json()) as { _id: string };
    expect(await liveIds('job-applications')).toEqual([_id]);

    const refused = await apply({ email: 'not an address', position: '' });
    expect(refused.status).toBe(400);
    const body = (await refused.json()) as { fields: Record<string, string> };
    expect(Object.keys(body.fields).sort()).toEqual(['email', 'position']);
    expect(await liveIds('job-applications')).toEqual([_id]);
  });

  it('is listed and searched by the fields its declaration names, for the admin only', async () => {
    await apply({});
    await apply({
      fullName: 'Ravi Menon',
      email: 'ravi@example.com',
      position: 'Biogas technician',
    });
    const token = await makeToken();
    const list = (query: string, auth?: string) =>
      call(applicationsFn, {
        path: `/api/job-applications${query}`,
        ...(auth ? { token: auth } : {}),
      });

    expect((await list('')).status).toBe(401);
    const all = await list('', token);
    expect(all.status).toBe(200);
    expect(all.headers.get('x-total-count')).toBe('2');

    const byPosition = await list('?q=biogas', token);
    const found = (await byPosition.json()) as { fullName: string }[];
    expect(found.map((record) => record.fullName)).toEqual(['Ravi Menon']);
    const byStatus = await list('?status=Won', token);
    expect(byStatus.headers.get('x-total-count')).toBe('0');
    expect((await list('?status=Hired', token)).status).toBe(400);
  });

  it("is erased with one person's enquiries and messages, and counted under its key", async () => {
    const email = 'meera@example.in';
    await apply({});
    expect((await apply({ email: 'someone.else@example.com' })).status).toBe(201);
    expect(
      (
        await call(enquiriesFn, {
          path: '/api/enquiries',
          json: validEnquiry({ emailAddress: email }),
        })
      ).status,
    ).toBe(201);
    expect(
      (await call(contactFn, { path: '/api/contact', json: validContact({ email }) })).status,
    ).toBe(201);
    const token = await makeToken();

    const preview = await call(erasureFn, { path: `/api/erasure?email=${email}`, token });
    const found = (await preview.json()) as Record<string, unknown> & { ids: string[] };
    expect(found).toMatchObject({ enquiries: 1, messages: 1, applications: 1 });
    expect(found.ids).toHaveLength(3);

    const erased = await call(erasureFn, {
      path: '/api/erasure',
      json: { email, ids: found.ids },
      token,
    });
    expect(await erased.json()).toEqual({ deleted: 3 });
    expect(await liveIds('job-applications')).toHaveLength(1);
    expect(await liveIds('enquiries')).toEqual([]);
    expect(await liveIds('contact-messages')).toEqual([]);
  });

  it('is exported as CSV with its labels as the header, in declaration order', async () => {
    await apply({ coverLetter: '=HYPERLINK("http://evil.example")' });
    const token = await makeToken();
    const res = await call(csvFn, { path: '/api/job-applications.csv', token });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(
      /filename="job-applications-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    const [header, row] = (await res.text()).replace(/^\uFEFF/, '').split('\r\n');
    expect(header).toBe(
      'ID,Date,Full Name,Email,Position,Cover letter,Language,Status,Last change,' +
        'Landing page,Referrer,Campaign,Sent from',
    );
    expect(row).toContain('Meera Nair,meera@example.in,Environmental engineer');
    // The spreadsheet guard applies to every kind: a formula is written as text.
    expect(row).toContain(`'=HYPERLINK`);
  });

  it('is announced by the e-mail its declaration describes', () => {
    const mail = leadNotification(APPLICATION, {
      _id: '01JTESTAPPLICATION000000000',
      createdAt: '2026-11-24T08:00:00.000Z',
      fullName: 'Meera Nair',
      email: 'meera@example.in',
      position: 'Environmental engineer',
      coverLetter: 'Five years of EIA fieldwork.',
    });
    expect(mail).toEqual({
      subject: 'New job application from Meera Nair',
      text: [
        'Received 2026-11-24T08:00:00.000Z (id 01JTESTAPPLICATION000000000).',
        '',
        'Full Name: Meera Nair',
        'Email: meera@example.in',
        'Position: Environmental engineer',
        '',
        'Five years of EIA fieldwork.',
      ].join('\n'),
      replyTo: 'meera@example.in',
    });
  });
});
