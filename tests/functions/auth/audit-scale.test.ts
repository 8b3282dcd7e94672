/**
 * The audit log at 50,000 records (24 months of a busy admin), within the production storage
 * deadline: the list and the CSV page instead of reading the log whole, and the daily purge
 * deletes what is past the kept months without reading the rest.
 */
import { getStore } from '@netlify/blobs';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import auditFn from '../../../functions/audit-log.ts';
import { AUDIT_STORE, purgeAudit } from '../../../functions/_lib/audit.ts';
import { withRequestScope } from '../../../functions/_lib/repositories/store.ts';
import { call, makeToken, useBlobs } from '../helpers.ts';
import { seedStore, type SeedRecord } from '../seed-store.ts';

const harness = useBlobs();

const DAY = 86_400_000;
const NOW = Date.now();
const RECORDS = 50_000;
/** Records spread evenly over the last 730 days, newest first in `i`. */
const timeOf = (i: number) => NOW - Math.floor((i * 730 * DAY) / RECORDS) - 1_000;
/** A few written before the event joined the key (no `.event`): read to filter. */
const OLD_STYLE = new Set([3, 1_000, 30_000]);

function* records(): Generator<SeedRecord> {
  for (let i = 0; i < RECORDS; i++) {
    const at = timeOf(i);
    const event = i % 2_000 === 3 ? 'factors.reset' : i % 2 ? 'sign-in.succeeded' : 'sign-out';
    const hex = i.toString(16).padStart(12, '0');
    const id = `${String(at).padStart(15, '0')}-${hex}`;
    const key = OLD_STYLE.has(i) ? id : `${id.slice(0, 6)}/${id}.${event}`;
    yield { key, value: { id, at: new Date(at).toISOString(), event, ip: '198.51.100.7' } };
  }
  // Past the kept months: the purge's work.
  for (let i = 0; i < 500; i++) {
    const at = NOW - 745 * DAY - i * 60_000;
    const id = `${String(at).padStart(15, '0')}-${'f'.repeat(8)}${i.toString(16).padStart(4, '0')}`;
    const key = `${id.slice(0, 6)}/${id}.sign-out`;
    yield { key, value: { id: key, at: new Date(at).toISOString(), event: 'sign-out' } };
  }
}

describe('the audit log at 50,000 records', () => {
  let site = '';
  beforeAll(async () => {
    site = harness.freshSite();
    await seedStore(harness, AUDIT_STORE, records());
  }, 120_000);

  const get = async (path: string) => {
    harness.siteID = site;
    harness.restore();
    vi.stubEnv('STORAGE_TIMEOUT_MS', '4000');
    return call(auditFn, { path, token: await makeToken() });
  };

  it('lists the newest page within the production deadline, saying the count goes on', async () => {
    const res = await get('/api/audit?page=1&pageSize=20');
    expect(res.status).toBe(200);
    const page = (await res.json()) as { at: string }[];
    expect(page.map(({ at }) => at)).toEqual(
      Array.from({ length: 20 }, (_, i) => new Date(timeOf(i)).toISOString()),
    );
    expect(res.headers.get('x-total-more')).toBe('true');
    expect(Number(res.headers.get('x-total-count'))).toBeGreaterThanOrEqual(220);
    expect(Number(res.headers.get('x-total-count'))).toBeLessThan(RECORDS);
  }, 60_000);

  it('finds a rare event in two months, old-style keys too, within the deadline', async () => {
    const day = (i: number) => new Date(timeOf(i)).toISOString().slice(0, 10);
    const res = await get(`/api/audit?event=factors.reset&from=${day(4_100)}&to=${day(0)}`);
    expect(res.status).toBe(200);
    const found = (await res.json()) as { at: string }[];
    expect(found.map(({ at }) => at)).toEqual(
      [3, 2_003, 4_003].map((i) => new Date(timeOf(i)).toISOString()),
    );
    expect(res.headers.get('x-total-count')).toBe('3');
    expect(res.headers.get('x-total-more')).toBeNull();
  }, 60_000);

  it('exports the newest 500 of a selection as CSV within the deadline, saying more exist', async () => {
    const res = await get('/api/audit.csv');
    expect(res.status).toBe(200);
    expect(res.headers.get('x-total-more')).toBe('true');
    const lines = (await res.text()).trim().split('\r\n');
    expect(lines).toHaveLength(1 + 500);
  }, 60_000);

  it('purges what is past the kept months, and nothing else, in one bounded run', async () => {
    harness.siteID = site;
    harness.restore();
    const cutoff = NOW - 731 * DAY;
    const removed = await withRequestScope(undefined, () => purgeAudit(cutoff), 30_000);
    expect(removed).toBe(500);
    const store = getStore({ name: AUDIT_STORE, consistency: 'strong' });
    const prefix = String(NOW - 745 * DAY)
      .padStart(15, '0')
      .slice(0, 5);
    const left = (await store.list({ prefix })).blobs.filter(
      ({ key }) => Number(key.split('/').pop()!.slice(0, 15)) < cutoff,
    );
    expect(left).toEqual([]);
  }, 60_000);
});
