/**
 * Retention (functions/_lib/retention.ts and the scheduled functions/retention.ts), against real
 * local Blobs: records seeded under old ids of every status; the purge removes exactly the
 * expired Won, Lost and untouched New ones, a dry run removes nothing and reports the same set,
 * and the daily function runs it and logs ids only.
 */
import { getStore } from '@netlify/blobs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import retentionFn, { config } from '../../../functions/retention.ts';
import { idTime, newId } from '../../../functions/_lib/ids.ts';
import { contactMessages } from '../../../functions/_lib/repositories/contact-messages.ts';
import { enquiries } from '../../../functions/_lib/repositories/enquiries.ts';
import { cutoffOf, isExpired, purgeExpired, summary } from '../../../functions/_lib/retention.ts';
import { loadFunctions } from '../../../scripts/local-functions.ts';
import { useBlobs } from '../helpers.ts';
import { deadPort } from '../loopback.ts';
import { validContact, validEnquiry } from '../samples.ts';

const blobs = useBlobs();

afterEach(() => {
  vi.restoreAllMocks();
});

const DAY = 24 * 60 * 60 * 1000;
const NOW = Date.now();
/** RETENTION_MONTHS' default, 24 months before NOW. */
const CUTOFF = cutoffOf(NOW, 24);
const OLD = CUTOFF - 30 * DAY;
const RECENT = NOW - 30 * DAY;
const iso = (time: number) => new Date(time).toISOString();

interface Seed {
  label: string;
  created: number;
  status?: string;
  changed?: number;
}

const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/**
 * An id carrying `time`. `newId(time)` cannot make one once a later id was issued in this process
 * (it never goes back in time, to stay monotonic), so the time part is written here.
 */
function idAt(time: number): string {
  let prefix = '';
  for (let t = time, i = 0; i < 10; i++, t = Math.floor(t / 32)) prefix = ALPHABET[t % 32] + prefix;
  const id = prefix + newId().slice(10);
  expect(idTime(id)).toBe(time);
  return id;
}

/** Writes a record under an id of `created`'s time, as a create then follow-up would leave it. */
async function seed(store: string, data: Record<string, unknown>, s: Seed): Promise<string> {
  const id = idAt(s.created);
  const record = {
    _id: id,
    createdAt: iso(s.created),
    ...data,
    ...(s.status === undefined ? {} : { status: s.status, notes: [], version: 2 }),
    ...(s.changed === undefined ? {} : { statusChangedAt: iso(s.changed) }),
  };
  const blobs = getStore({ name: store, consistency: 'strong' });
  await blobs.setJSON(id, record, { onlyIfNew: true });
  // A new generation, as a create makes, so no cached index hides the record.
  await blobs.set('_generation', newId());
  return id;
}

const ENQUIRY_SEEDS: (Seed & { expired: boolean })[] = [
  { label: 'old, no status (stored before follow-up)', created: OLD, expired: true },
  { label: 'old New, never changed', created: OLD, status: 'New', expired: true },
  {
    label: 'old New, changed back to New',
    created: OLD,
    status: 'New',
    changed: OLD + DAY,
    expired: false,
  },
  { label: 'old Contacted', created: OLD, status: 'Contacted', changed: OLD + DAY, expired: false },
  { label: 'old Qualified', created: OLD, status: 'Qualified', changed: OLD + DAY, expired: false },
  {
    label: 'old Won, closed long ago',
    created: OLD,
    status: 'Won',
    changed: OLD + DAY,
    expired: true,
  },
  {
    label: 'old Lost, closed long ago',
    created: OLD,
    status: 'Lost',
    changed: OLD + DAY,
    expired: true,
  },
  {
    label: 'old Won, closed last month',
    created: OLD,
    status: 'Won',
    changed: RECENT,
    expired: false,
  },
  { label: 'New, 1 ms before the cutoff', created: CUTOFF - 1, expired: true },
  { label: 'New, at the cutoff', created: CUTOFF, expired: false },
  { label: 'recent New', created: RECENT, expired: false },
  { label: 'recent Lost', created: RECENT, status: 'Lost', changed: RECENT + DAY, expired: false },
];

const MESSAGE_SEEDS: (Seed & { expired: boolean })[] = [
  { label: 'old message, untouched', created: OLD, expired: true },
  {
    label: 'old message, Lost long ago',
    created: OLD,
    status: 'Lost',
    changed: OLD,
    expired: true,
  },
  {
    label: 'old message, Contacted',
    created: OLD,
    status: 'Contacted',
    changed: OLD,
    expired: false,
  },
  { label: 'recent message', created: RECENT, expired: false },
];

interface Seeded {
  expired: string[];
  kept: string[];
}

async function seedAll(): Promise<{ enquiries: Seeded; messages: Seeded }> {
  const out = { enquiries: { expired: [], kept: [] }, messages: { expired: [], kept: [] } } as {
    enquiries: Seeded;
    messages: Seeded;
  };
  for (const s of ENQUIRY_SEEDS) {
    const id = await seed('enquiries', validEnquiry(), s);
    out.enquiries[s.expired ? 'expired' : 'kept'].push(id);
  }
  for (const s of MESSAGE_SEEDS) {
    const id = await seed('contact-messages', validContact(), s);
    out.messages[s.expired ? 'expired' : 'kept'].push(id);
  }
  return out;
}

const ids = async () => ({
  enquiries: (await enquiries.all()).map((r) => r._id).sort(),
  messages: (await contactMessages.all()).map((r) => r._id).sort(),
});

describe('purgeExpired', () => {
  it('removes exactly the expired Won, Lost and untouched New records of both stores', async () => {
    const seeded = await seedAll();
    const result = await purgeExpired({ now: NOW });

    expect(result.dryRun).toBe(false);
    expect(result.months).toBe(24);
    expect(result.cutoff).toBe(iso(CUTOFF));
    const removed = (store: string) =>
      result.removed
        .filter((r) => r.store === store)
        .map((r) => r.id)
        .sort();
    expect(removed('enquiries')).toEqual([...seeded.enquiries.expired].sort());
    expect(removed('contact-messages')).toEqual([...seeded.messages.expired].sort());
    expect(await ids()).toEqual({
      enquiries: [...seeded.enquiries.kept].sort(),
      messages: [...seeded.messages.kept].sort(),
    });
  });

  it('reports ids, store, dates and status, never a name or an e-mail address', async () => {
    await seedAll();
    const result = await purgeExpired({ now: NOW });
    const text = JSON.stringify(result) + summary(result);
    for (const personal of ['Asha', 'asha@example.org', 'Ravi', 'ravi@example.com']) {
      expect(text).not.toContain(personal);
    }
    const allowed = ['createdAt', 'id', 'status', 'statusChangedAt', 'store'];
    for (const entry of result.removed) {
      expect(Object.keys(entry).filter((key) => !allowed.includes(key))).toEqual([]);
    }
    expect(result.removed.find((r) => r.status === 'Won')).toMatchObject({
      statusChangedAt: iso(OLD + DAY),
    });
  });

  it('in a dry run removes nothing and reports the set a real run then removes', async () => {
    const seeded = await seedAll();
    const before = await ids();
    const dry = await purgeExpired({ now: NOW, dryRun: true });

    expect(dry.dryRun).toBe(true);
    expect(await ids()).toEqual(before);
    const real = await purgeExpired({ now: NOW });
    expect(dry.removed).toEqual(real.removed);
    expect(dry.removed).toHaveLength(
      seeded.enquiries.expired.length + seeded.messages.expired.length,
    );
    expect(summary(dry)).toContain('would remove 5 enquiries, 2 contact messages');
    expect(summary(real)).toContain('removed 5 enquiries, 2 contact messages');
  });

  it('reads RETENTION_MONTHS: 36 months keeps records 25 months old', async () => {
    vi.stubEnv('RETENTION_MONTHS', '36');
    await seedAll();
    const before = await ids();
    const result = await purgeExpired({ now: NOW });
    expect(result.months).toBe(36);
    expect(result.removed).toEqual([]);
    expect(await ids()).toEqual(before);
  });

  it('keeps a record an admin changed after it was listed', async () => {
    const id = await seed('enquiries', validEnquiry(), { label: 'old New', created: OLD });
    const summaries = enquiries.summaries.bind(enquiries);
    vi.spyOn(enquiries, 'summaries').mockImplementation(async () => {
      const listed = await summaries();
      // The admin marks it Contacted between the listing and the delete.
      await enquiries.edit(id, (current) => ({
        ...current,
        status: 'Contacted',
        statusChangedAt: new Date().toISOString(),
      }));
      return listed;
    });
    const result = await purgeExpired({ now: NOW });
    expect(result.removed).toEqual([]);
    expect((await enquiries.find(id))?.status).toBe('Contacted');
  });

  it('is empty on empty stores', async () => {
    expect((await purgeExpired({ now: NOW })).removed).toEqual([]);
  });
});

describe('isExpired and the cutoff', () => {
  const record = (createdAt: number, status?: 'New' | 'Won', changed?: number) => ({
    _id: idAt(createdAt),
    createdAt: iso(createdAt),
    status: status ?? 'New',
    ...(changed === undefined ? {} : { statusChangedAt: iso(changed) }),
  });

  it('counts calendar months, clamped to the end of a shorter month', () => {
    expect(iso(cutoffOf(Date.parse('2026-03-31T10:00:00.000Z'), 1))).toBe(
      '2026-02-28T10:00:00.000Z',
    );
    expect(iso(cutoffOf(Date.parse('2026-11-23T05:00:00.000Z'), 24))).toBe(
      '2024-11-23T05:00:00.000Z',
    );
  });

  it('ages Won and Lost from their last change, untouched New from creation', () => {
    const now = Date.parse('2026-11-23T00:00:00.000Z');
    const old = Date.parse('2024-01-01T00:00:00.000Z');
    expect(isExpired(record(old), now, 24)).toBe(true);
    expect(isExpired(record(old, 'Won', old), now, 24)).toBe(true);
    expect(isExpired(record(old, 'Won', Date.parse('2026-01-01T00:00:00.000Z')), now, 24)).toBe(
      false,
    );
    expect(isExpired({ ...record(old), createdAt: 'not a date' }, now, 24)).toBe(false);
  });
});

describe('the scheduled function', () => {
  it('runs daily and has no HTTP path, so the local router skips it', async () => {
    expect(config).toEqual({ schedule: '@daily' });
    const routes = await loadFunctions(new URL('../../../functions/', import.meta.url).pathname);
    expect(routes.some((route) => route.handler === retentionFn)).toBe(false);
  });

  it('purges and logs one line of counts and ids', async () => {
    const seeded = await seedAll();
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    // The seeds straddle the cutoff by 1 ms: the function must see the clock they were made for.
    vi.spyOn(Date, 'now').mockReturnValue(NOW);

    const res = await retentionFn(new Request('http://localhost/.netlify/functions/retention'));

    expect(res.status).toBe(204);
    expect(await ids()).toEqual({
      enquiries: [...seeded.enquiries.kept].sort(),
      messages: [...seeded.messages.kept].sort(),
    });
    expect(log).toHaveBeenCalledTimes(1);
    const line = String(log.mock.calls[0]![0]);
    expect(line).toMatch(
      /^retention \(24 months, before .+\): removed 5 enquiries, 2 contact messages, 0 applications: /,
    );
    for (const id of [...seeded.enquiries.expired, ...seeded.messages.expired]) {
      expect(line).toContain(id);
    }
    expect(line).not.toContain('@');
  });

  it("has a storage deadline of its own, not the API's STORAGE_TIMEOUT_MS", async () => {
    const seeded = await seedAll();
    vi.spyOn(console, 'log').mockImplementation(() => {});
    vi.spyOn(Date, 'now').mockReturnValue(NOW);
    // An API request would get 1 ms in all; the purge reads every record and needs more.
    vi.stubEnv('STORAGE_TIMEOUT_MS', '1');

    const res = await retentionFn(new Request('http://localhost/.netlify/functions/retention'));

    expect(res.status).toBe(204);
    vi.stubEnv('STORAGE_TIMEOUT_MS', '30000');
    expect((await ids()).enquiries).toEqual([...seeded.enquiries.kept].sort());
  });

  it('cut short by a storage fault, logs what it removed before it and answers 503', async () => {
    await seedAll();
    vi.spyOn(Date, 'now').mockReturnValue(NOW);
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const dead = `http://127.0.0.1:${await deadPort()}`;
    const removeMany = enquiries.removeMany.bind(enquiries);
    const done: string[] = [];
    vi.spyOn(enquiries, 'removeMany').mockImplementation(async (ids) => {
      // Storage goes away after the first delete.
      const removed = await removeMany(ids.slice(0, 1));
      done.push(...removed);
      blobs.pointAt(dead);
      return removed;
    });

    const res = await retentionFn(new Request('http://localhost/.netlify/functions/retention'));
    blobs.restore();

    expect(res.status).toBe(503);
    expect(done).toHaveLength(1);
    const line = String(error.mock.calls.at(-1)![0]);
    expect(line).toContain(
      `removed 1 enquiries, 0 contact messages, 0 applications: enquiries/${done[0]}`,
    );
    expect(line).toContain('(interrupted: storage unavailable)');
    expect(await enquiries.find(done[0]!)).toBeNull();
  });
});
