/**
 * Search and filters of the admin lists (GET /api/enquiries and /api/contact-messages with q,
 * status, type, capacity, timeline), through the handlers, against the real local Blobs server:
 * what matches, the counts in X-Total-Count and X-New-Count, the 400s, that a search reads the
 * index and not every record, and that creates and status changes racing searches are always
 * seen by the next search (read-your-writes).
 */
import { describe, expect, it } from 'vitest';
import contactMessagesFn from '../../../functions/contact-messages.ts';
import enquiriesFn from '../../../functions/enquiries.ts';
import { forgetLoadedIndexes } from '../../../functions/_lib/repositories/timeline.ts';
import {
  INSTITUTION_ENQUIRY,
  SEARCH_MESSAGES,
  STATUS_MESSAGE,
} from '../../../src/lib/schemas/index.ts';
import { call, createdId, editStatus, makeToken, useBlobs } from '../helpers.ts';
import { blobReads } from '../store-inspection.ts';
import { validContact, validEnquiry } from '../samples.ts';

const blobs = useBlobs();

type Body = Record<string, unknown>;

const post = async (overrides: Body = {}) =>
  createdId(await call(enquiriesFn, { path: '/api/enquiries', json: validEnquiry(overrides) }));

async function search(query: string, token?: string) {
  const res = await call(enquiriesFn, {
    path: `/api/enquiries?${query}`,
    token: token ?? (await makeToken()),
  });
  const body = (await res.json()) as Body[] | { error: string };
  return {
    status: res.status,
    body,
    names: Array.isArray(body) ? body.map((item) => item['fullName']) : [],
    total: Number(res.headers.get('x-total-count')),
    newCount: Number(res.headers.get('x-new-count')),
  };
}

const setStatus = (id: string, status: string, token: string, version = 1) =>
  editStatus(enquiriesFn, 'enquiries', id, { status, version, token });

const institution = (name: string, extra: Body = {}) => ({
  enquiryType: INSTITUTION_ENQUIRY,
  institutionName: name,
  institutionType: ['Educational'],
  ...extra,
});

describe('GET /api/enquiries search', () => {
  it('matches name, e-mail, phone, institution and city, in part, ignoring case and accents', async () => {
    await post({
      fullName: 'José Kuriakose',
      emailAddress: 'jk@example.in',
      phoneNumber: '9447012345',
      cityTownVillage: 'Thrissur',
    });
    await post({
      fullName: 'Zoë Ålund',
      emailAddress: 'zoe@fjord.example',
      phoneNumber: '4477001234567',
    });
    await post(
      institution('Śrī Nārāyaṇa College', {
        fullName: 'Meera Nair',
        emailAddress: 'meera@example.in',
        phoneNumber: '9061234567',
        cityTownVillage: 'Kollam',
      }),
    );
    await post({ fullName: 'Asha Menon' });

    const token = await makeToken();
    const names = async (q: string) => (await search(`q=${encodeURIComponent(q)}`, token)).names;
    expect(await names('jose')).toEqual(['José Kuriakose']);
    expect(await names('KURIA')).toEqual(['José Kuriakose']);
    expect(await names('zoe alund')).toEqual(['Zoë Ålund']);
    expect(await names('FJORD.example')).toEqual(['Zoë Ålund']);
    expect(await names('narayana')).toEqual(['Meera Nair']);
    expect(await names('kollam')).toEqual(['Meera Nair']);
    expect(await names('thrissur')).toEqual(['José Kuriakose']);
    // Phone numbers by their digits, however the admin writes them.
    expect(await names('+44 7700 1234')).toEqual(['Zoë Ålund']);
    expect(await names('(987) 654-3210')).toEqual(['Asha Menon']);
    expect(await names('0012')).toEqual(['Zoë Ålund']);
    // Every word must be found; a word is never found across two fields.
    expect(await names('asha kochi')).toEqual(['Asha Menon']);
    expect(await names('asha thrissur')).toEqual([]);
    expect(await names('menonkochi')).toEqual([]);
    // Fields outside the search (address, comments, designation) do not match.
    expect(await names('marine drive')).toEqual([]);
    expect(await names('facilities')).toEqual([]);
    // An empty or blank q is no search.
    expect((await search('q=%20%20', token)).total).toBe(4);
  });

  it('filters by type, capacity, timeline and status, with q, and pages the matches', async () => {
    const token = await makeToken();
    const ids: string[] = [];
    for (let n = 0; n < 7; n++) {
      ids.push(
        await post({
          fullName: `Kochi Lead ${n}`,
          generatorCapacity: n % 2 ? '250 kWh - 1 MW' : 'Less than 10 kWh',
          preferredTimeline: n < 3 ? 'Immediately (within 1 month)' : '3-6 months',
          ...(n >= 5 ? institution(`Campus ${n}`) : {}),
        }),
      );
    }
    expect((await setStatus(ids[1]!, 'Won', token)).status).toBe(200);
    expect((await setStatus(ids[3]!, 'Won', token)).status).toBe(200);

    const capacity = encodeURIComponent('250 kWh - 1 MW');
    expect((await search(`capacity=${capacity}`, token)).names).toEqual([
      'Kochi Lead 5',
      'Kochi Lead 3',
      'Kochi Lead 1',
    ]);
    const soon = encodeURIComponent('Immediately (within 1 month)');
    expect((await search(`timeline=${soon}&capacity=${capacity}`, token)).names).toEqual([
      'Kochi Lead 1',
    ]);
    const type = encodeURIComponent(INSTITUTION_ENQUIRY);
    expect((await search(`type=${type}`, token)).names).toEqual(['Kochi Lead 6', 'Kochi Lead 5']);
    expect((await search('type=Individual&status=Won', token)).names).toEqual([
      'Kochi Lead 3',
      'Kochi Lead 1',
    ]);
    expect((await search('status=New&q=lead', token)).total).toBe(5);
    // Empty parameters mean "any".
    expect((await search('q=&status=&type=&capacity=&timeline=', token)).total).toBe(7);

    const second = await search('q=kochi&status=New&pageSize=2&page=2', token);
    expect(second.names).toEqual(['Kochi Lead 4', 'Kochi Lead 2']);
    expect(second.total).toBe(5);
    const beyond = await search('q=kochi&status=New&pageSize=2&page=4', token);
    expect(beyond.names).toEqual([]);
    expect(beyond.total).toBe(5);
  });

  it('counts the store’s New records in X-New-Count, whatever the query', async () => {
    const token = await makeToken();
    const ids = [await post(), await post(), await post({ fullName: 'Other Person' })];
    expect((await setStatus(ids[0]!, 'Contacted', token)).status).toBe(200);
    for (const query of ['', 'q=other', 'status=Won', 'q=nobody-at-all']) {
      expect((await search(query, token)).newCount, query).toBe(2);
    }
    expect((await search('q=nobody-at-all', token)).total).toBe(0);
  });

  it('answers 400 with a message for a bad query, and reads nothing', async () => {
    await post();
    const token = await makeToken();
    blobs.resetOps();
    const cases: [string, string][] = [
      [`q=${'a'.repeat(101)}`, SEARCH_MESSAGES.tooLong],
      ['q=asha%00', SEARCH_MESSAGES.control],
      ['q=%E2%80%AEasha', SEARCH_MESSAGES.control],
      ['status=Bogus', STATUS_MESSAGE],
      ['status=new', STATUS_MESSAGE],
      [
        'type=Company',
        'Enquiry type must be one of: Individual; Institution / Business / Government.',
      ],
      ['capacity=1%20GW', expect.stringMatching(/^Capacity must be one of: Less than 10 kWh; /)],
      ['timeline=soon', expect.stringMatching(/^Timeline must be one of: /)],
    ] as never;
    for (const [query, error] of cases) {
      const result = await search(query, token);
      expect(result.status, query).toBe(400);
      expect(result.body, query).toEqual({ error });
    }
    expect(blobs.ops.filter((op) => op.url.includes('site:enquiries'))).toEqual([]);
    // 100 characters, trimmed, is the limit.
    expect((await search(`q=%20${'a'.repeat(100)}%20`, token)).status).toBe(200);
  });

  it('still needs the admin token', async () => {
    const res = await call(enquiriesFn, { path: '/api/enquiries?q=asha' });
    expect(res.status).toBe(401);
  });

  it('reads the index and the page, not every record, and only changed records after an edit', async () => {
    const token = await makeToken();
    const ids: string[] = [];
    for (let n = 0; n < 30; n++) ids.push(await post({ fullName: `Lead-${n}` }));
    await search('', token); // Builds the index.
    forgetLoadedIndexes(); // A cold function instance.
    blobs.resetOps();
    const found = await search('q=lead-2', token);
    expect(found.total).toBe(11); // 2, 20–29
    expect(blobReads(blobs.ops, 'enquiries')).toHaveLength(10); // The page only.
    expect(blobs.ops.filter((op) => op.type === 'list')).toHaveLength(0);

    expect((await setStatus(ids[5]!, 'Lost', token)).status).toBe(200);
    blobs.resetOps();
    const lost = await search('status=Lost', token);
    expect(lost.names).toEqual(['Lead-5']);
    // One listing; the edited record is read for the index and for the page, nothing else.
    expect(blobs.ops.filter((op) => op.type === 'list')).toHaveLength(1);
    expect(blobReads(blobs.ops, 'enquiries')).toEqual([ids[5], ids[5]]);
  });

  it('sees every create and every status change acknowledged before it, under concurrency', async () => {
    const token = await makeToken();
    // 40 creates, each followed at once by a search for its own unique name.
    const created = await Promise.all(
      Array.from({ length: 40 }, async (_, n) => {
        const name = `Racer ${String.fromCharCode(65 + (n % 26))}${n}`;
        const id = await post({
          fullName: name,
          phoneNumber: `98470${String(n).padStart(5, '0')}`,
        });
        const { names } = await search(`q=${encodeURIComponent(name)}`, token);
        return { id, found: names.includes(name) };
      }),
    );
    expect(created.filter((result) => !result.found)).toEqual([]);

    // 40 status changes, each followed at once by a search of Won that must hold it.
    const changed = await Promise.all(
      created.map(async ({ id }) => {
        const res = await setStatus(id, 'Won', token);
        if (res.status !== 200) return `${id}: ${res.status}`;
        const won = await search('status=Won&pageSize=100', token);
        return won.body instanceof Array && won.body.some((item) => item['_id'] === id)
          ? null
          : `${id}: missing`;
      }),
    );
    expect(changed.filter(Boolean)).toEqual([]);
    const final = await search('status=Won&pageSize=100', token);
    expect(final.total).toBe(40);
    expect(final.newCount).toBe(0);
  }, 180_000);
});

describe('GET /api/contact-messages search', () => {
  const postMessage = async (overrides: Body) =>
    createdId(
      await call(contactMessagesFnPost, { path: '/api/contact', json: validContact(overrides) }),
    );

  it('matches name and e-mail, filters by status, and refuses enquiry-only filters', async () => {
    await postMessage({ name: 'Renée Dubois', email: 'renee@paris.example' });
    await postMessage({ name: 'Ravi', email: 'ravi@kochi.example', message: 'Renée told me' });
    const token = await makeToken();
    const list = async (query: string) => {
      const res = await call(contactMessagesFn, { path: `/api/contact-messages?${query}`, token });
      const body = (await res.json()) as Body[] | { error: string };
      return { status: res.status, body, newCount: res.headers.get('x-new-count') };
    };
    const names = async (query: string) =>
      ((await list(query)).body as Body[]).map((item) => item['name']);
    expect(await names('q=renee')).toEqual(['Renée Dubois']); // Not the message text.
    expect(await names('q=KOCHI.EXAMPLE')).toEqual(['Ravi']);
    expect(await names('status=New')).toEqual(['Ravi', 'Renée Dubois']);
    expect(await names('status=Won')).toEqual([]);
    expect((await list('')).newCount).toBe('2');
    // Enquiry filters are not parameters of messages: ignored, like any unknown parameter.
    expect(await names('type=Individual')).toHaveLength(2);
    expect((await list('status=Read')).status).toBe(400);
  });
});

// The public contact endpoint stores the messages the admin list reads.
const { default: contactMessagesFnPost } = await import('../../../functions/contact.ts');
