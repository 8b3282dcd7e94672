/**
 * Every promise of the index, checked from a second instance: after each kind of change (a
 * create, a status edit with If-Match, a note, a delete, an erasure) made through one function
 * instance, the list total, a filter (status, type), X-New-Count, X-Index-Pending and the
 * retention purge's candidates (dry run, far in the future) all reflect the change when seen
 *  - by the instance that made it (its index in memory),
 *  - by a cold instance (`forgetLoadedIndexes()`: nothing in memory, the stored index only),
 *  - by a warm second instance that loaded the index before the change (a second copy of the
 *    modules, `vi.resetModules()` + dynamic import, with its own memory).
 */
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import contactFn from '../../../functions/contact.ts';
import contactMessagesFn from '../../../functions/contact-messages.ts';
import enquiriesFn from '../../../functions/enquiries.ts';
import erasureFn from '../../../functions/erasure.ts';
import { forgetLoadedIndexes } from '../../../functions/_lib/repositories/timeline.ts';
import { purgeExpired } from '../../../functions/_lib/retention.ts';
import { INSTITUTION_ENQUIRY } from '../../../src/lib/schemas/index.ts';
import {
  call,
  createdId,
  deleteRecord,
  editStatus,
  makeToken,
  useBlobs,
  type FunctionHandler,
} from '../helpers.ts';
import { validContact, validEnquiry } from '../samples.ts';

useBlobs();

interface Instance {
  name: string;
  enquiries: FunctionHandler;
  messages: FunctionHandler;
  purgeExpired: typeof purgeExpired;
}

const first: Instance = {
  name: 'the instance that made the change',
  enquiries: enquiriesFn,
  messages: contactMessagesFn,
  purgeExpired,
};
let second: Instance;

beforeAll(async () => {
  vi.resetModules();
  second = {
    name: 'a second warm instance',
    enquiries: (await import('../../../functions/enquiries.ts')).default,
    messages: (await import('../../../functions/contact-messages.ts')).default,
    purgeExpired: (await import('../../../functions/_lib/retention.ts')).purgeExpired,
  };
  // Really another copy, with its own memory of indexes.
  expect(second.enquiries).not.toBe(enquiriesFn);
  const secondTimeline = await import('../../../functions/_lib/repositories/timeline.ts');
  expect(secondTimeline.forgetLoadedIndexes).not.toBe(forgetLoadedIndexes);
});

let token = '';
beforeEach(async () => {
  token = await makeToken();
  forgetLoadedIndexes();
});

const FAR_FUTURE = Date.now() + 20 * 365 * 86_400_000;
type Body = Record<string, unknown>;

const post = async (overrides: Body) =>
  createdId(await call(enquiriesFn, { path: '/api/enquiries', json: validEnquiry(overrides) }));

/** A status edit by `instance`, under If-Match with the `version` last read. */
const setStatus = (instance: Instance, id: string, status: string, version: number) =>
  editStatus(instance.enquiries, 'enquiries', id, { status, version, token });

async function listOf(handler: FunctionHandler, resource: string, query = '') {
  const res = await call(handler, { path: `/api/${resource}?pageSize=100${query}`, token });
  expect(res.status, `${resource}?${query}`).toBe(200);
  const items = (await res.json()) as { _id: string }[];
  return {
    ids: items.map((item) => item._id),
    total: Number(res.headers.get('x-total-count')),
    newCount: Number(res.headers.get('x-new-count')),
    pending: res.headers.get('x-index-pending'),
  };
}

interface Expected {
  /** Enquiry ids, newest first. */
  all: string[];
  individual: string[];
  institution: string[];
  byStatus: Record<string, string[]>;
  /** Records whose status is New. */
  newCount: number;
  /** What a purge far in the future would remove (enquiries and messages). */
  candidates: string[];
  messages: string[];
}

/** What `instance` answers, compared with what the change must have made of the store. */
async function seenBy(instance: Instance, expected: Expected, step: string) {
  const what = `${step}, seen by ${instance.name}`;
  const all = await listOf(instance.enquiries, 'enquiries');
  expect(all.ids, what).toEqual(expected.all);
  expect(all.total, what).toBe(expected.all.length);
  expect(all.newCount, what).toBe(expected.newCount);
  expect(all.pending, what).toBe('0');
  const individual = await listOf(instance.enquiries, 'enquiries', '&type=Individual');
  expect(individual.ids, `${what}: type=Individual`).toEqual(expected.individual);
  const institution = await listOf(
    instance.enquiries,
    'enquiries',
    `&type=${encodeURIComponent(INSTITUTION_ENQUIRY)}`,
  );
  expect(institution.ids, `${what}: type=Institution`).toEqual(expected.institution);
  expect(institution.newCount, `${what}: X-New-Count is the store's`).toBe(expected.newCount);
  for (const [status, ids] of Object.entries(expected.byStatus)) {
    const filtered = await listOf(instance.enquiries, 'enquiries', `&status=${status}`);
    expect(filtered.ids, `${what}: status=${status}`).toEqual(ids);
    expect(filtered.total, `${what}: status=${status}`).toBe(ids.length);
  }
  const messages = await listOf(instance.messages, 'contact-messages');
  expect(messages.ids, `${what}: messages`).toEqual(expected.messages);
  const dry = await instance.purgeExpired({ dryRun: true, now: FAR_FUTURE });
  expect(dry.removed.map((r) => r.id).sort(), `${what}: purge candidates`).toEqual(
    [...expected.candidates].sort(),
  );
  expect(dry.unindexed ?? 0, `${what}: purge unindexed`).toBe(0);
}

/** The change is seen by the second (stale, warm) instance, the first, and a cold one. */
async function everyInstanceSees(expected: Expected, step: string) {
  await seenBy(second, expected, step);
  await seenBy(first, expected, step);
  forgetLoadedIndexes();
  await seenBy({ ...first, name: 'a cold instance' }, expected, step);
}

/** Both instances load (and keep in memory) the index as it is now. */
async function warm() {
  for (const instance of [first, second]) {
    await listOf(instance.enquiries, 'enquiries');
    await listOf(instance.enquiries, 'enquiries', '&type=Individual');
    await listOf(instance.messages, 'contact-messages');
    await instance.purgeExpired({ dryRun: true, now: FAR_FUTURE });
  }
}

describe('the index, from a second instance', () => {
  it('reflects a create, a status edit, a note, a delete and an erasure', async () => {
    const a = await post({ fullName: 'Anil Alpha', emailAddress: 'anil@example.in' });
    const b = await post({
      fullName: 'Bina Bravo',
      emailAddress: 'bina@example.in',
      enquiryType: INSTITUTION_ENQUIRY,
      institutionName: 'Bravo Mills',
      institutionType: ['Industrial'],
    });
    const c = await post({ fullName: 'Chitra Charlie', emailAddress: 'chitra@example.in' });
    const m = await createdId(
      await call(contactFn, {
        path: '/api/contact',
        json: validContact({ email: 'bina@example.in', name: 'Bina Bravo' }),
      }),
    );
    await warm();

    // 1. A create.
    const d = await post({ fullName: 'Dev Delta', emailAddress: 'dev@example.in' });
    const afterCreate: Expected = {
      all: [d, c, b, a],
      individual: [d, c, a],
      institution: [b],
      byStatus: { New: [d, c, b, a], Contacted: [] },
      newCount: 4,
      candidates: [a, b, c, d, m],
      messages: [m],
    };
    await everyInstanceSees(afterCreate, 'after a create');

    // 2. A status edit (If-Match): Contacted is kept by the purge.
    await warm();
    expect((await setStatus(first, a, 'Contacted', 1)).status).toBe(200);
    const afterEdit: Expected = {
      ...afterCreate,
      byStatus: { New: [d, c, b], Contacted: [a] },
      newCount: 3,
      candidates: [b, c, d, m],
    };
    await everyInstanceSees(afterEdit, 'after a status edit');

    // 3. A note (changes the record's version, not its summary: the lists stay as they were).
    await warm();
    const noted = await call(enquiriesFn, {
      path: `/api/enquiries/${b}/notes`,
      params: { id: b },
      json: { text: 'Asked for a site visit.' },
      token,
    });
    expect(noted.status).toBe(201);
    await everyInstanceSees(afterEdit, 'after a note');
    // And then a status edit of the noted record (version 2), seen everywhere.
    await warm();
    expect((await setStatus(first, b, 'Qualified', 2)).status).toBe(200);
    const afterNotedEdit: Expected = {
      ...afterEdit,
      byStatus: { New: [d, c], Contacted: [a], Qualified: [b] },
      newCount: 2,
      candidates: [c, d, m],
    };
    await everyInstanceSees(afterNotedEdit, 'after a status edit of the noted record');

    // 4. A delete.
    await warm();
    expect((await deleteRecord(enquiriesFn, 'enquiries', c, token)).status).toBe(204);
    await everyInstanceSees(
      {
        ...afterNotedEdit,
        all: [d, b, a],
        individual: [d, a],
        byStatus: { New: [d], Contacted: [a], Qualified: [b] },
        newCount: 1,
        candidates: [d, m],
      },
      'after a delete',
    );

    // 5. An erasure (B's enquiry and message).
    await warm();
    const preview = await call(erasureFn, { path: '/api/erasure?email=bina%40example.in', token });
    expect(preview.status).toBe(200);
    const { ids } = (await preview.json()) as { ids: string[] };
    expect([...ids].sort()).toEqual([b, m].sort());
    const erased = await call(erasureFn, {
      path: '/api/erasure',
      json: { email: 'bina@example.in', ids },
      token,
    });
    expect(erased.status).toBe(200);
    await everyInstanceSees(
      {
        all: [d, a],
        individual: [d, a],
        institution: [],
        byStatus: { New: [d], Contacted: [a], Qualified: [] },
        newCount: 1,
        candidates: [d],
        messages: [],
      },
      'after an erasure',
    );
  });

  it('a change made by the second instance is seen by the first (warm) and a cold one', async () => {
    const a = await post({ fullName: 'Anil Alpha' });
    await warm();
    // The second instance deletes, edits and creates; the first holds its index from before.
    const e = await createdId(
      await call(second.enquiries, {
        path: '/api/enquiries',
        json: validEnquiry({ fullName: 'Esha Echo', enquiryType: 'Individual' }),
      }),
    );
    expect((await setStatus(second, a, 'Lost', 1)).status).toBe(200);
    const expected: Expected = {
      all: [e, a],
      individual: [e, a],
      institution: [],
      byStatus: { New: [e], Lost: [a] },
      newCount: 1,
      candidates: [a, e],
      messages: [],
    };
    await seenBy(first, expected, 'after changes by the second instance');
    forgetLoadedIndexes();
    await seenBy({ ...first, name: 'a cold instance' }, expected, 'after changes by the second');
    await seenBy(second, expected, 'after its own changes');
  });
});
