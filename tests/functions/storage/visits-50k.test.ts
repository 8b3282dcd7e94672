/**
 * A day of 50,000 raw visit events (VISIT_RECORDS to change it): the rollup, in runs of the
 * scheduled function's storage time (each stops starting buckets when it runs low, the next goes
 * on), counts every one of them exactly, from prefix listings alone (no blob read per event, no listing of the whole
 * store), and the reader's live view of the day does the same. Times are logged, not asserted.
 */
import { describe, expect, it, vi } from 'vitest';
import { newId } from '../../../functions/_lib/ids.ts';
import { VISITS_STORE, bucketOf, dayOf } from '../../../functions/_lib/repositories/visits.ts';
import { encodeEvent } from '../../../functions/_lib/visits/event.ts';
import type { RollupReport } from '../../../functions/_lib/visits/rollup.ts';
import { ROLLUP_DEADLINE_MS } from '../../../functions/visits-rollup.ts';
import { useBlobs } from '../helpers.ts';
import { seedStore } from '../seed-store.ts';
import { DAY, T0, insights, runRollup } from '../visits/visit-kit.ts';

// Removing the seeded folder afterwards takes a while on a busy machine.
vi.setConfig({ hookTimeout: 120_000 });
const blobs = useBlobs();
const RECORDS = Number(process.env['VISIT_RECORDS'] ?? 50_000);
const VISITORS = 2_000;

function* events() {
  const day = Date.parse('2026-03-10T00:00:00Z');
  for (let i = 0; i < RECORDS; i++) {
    const at = day + Math.floor((i * DAY) / RECORDS);
    const visitor = `v${String(i % VISITORS).padStart(21, '0')}`;
    const event = {
      kind: 'view' as const,
      lang: 'en',
      path: `/p${i % 40}/`,
      device: 'mobile',
      visitor,
    };
    yield { key: `e/${dayOf(at)}/${bucketOf(at)}/${newId(at)}.${encodeEvent(event)}`, value: '' };
    if (i < VISITORS) yield { key: `f/${dayOf(at)}/${visitor}`, value: { ...event, at } };
  }
}

describe(`a day of ${RECORDS.toLocaleString('en')} visit events`, () => {
  it('is rolled up exactly, by prefix listings, and read back', { timeout: 600_000 }, async () => {
    await seedStore(blobs, VISITS_STORE, events());
    const now = T0 + DAY;
    blobs.resetOps();
    const started = performance.now();
    // Runs of the scheduled function's storage time each, until one leaves nothing to do.
    const reports: RollupReport[] = [];
    do reports.push(await runRollup(now, ROLLUP_DEADLINE_MS));
    while (reports.at(-1)!.left && reports.length < 20);
    const rollupMs = performance.now() - started;
    expect(reports.reduce((sum, report) => sum + report.events, 0)).toBe(RECORDS);
    expect(reports.reduce((sum, report) => sum + report.days, 0)).toBe(1);
    const ops = blobs.ops;
    expect(ops.filter((op) => op.type === 'list' && !op.url.includes('prefix=')).length).toBe(0);
    // Listings and a few reads and writes per bucket: never one read per event.
    expect(ops.filter((op) => op.type === 'get').length).toBeLessThan(400);
    console.log(
      `rollup of ${RECORDS} events: ${Math.round(rollupMs)} ms in ${reports.length} runs, ` +
        `${ops.length} storage calls`,
    );
    const { total } = await insights({ from: dayOf(T0), to: dayOf(T0) }, now);
    expect(total.views).toBe(RECORDS);
    expect(total.visitors).toBe(VISITORS);
  });
});
