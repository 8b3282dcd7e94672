/**
 * An application's CV goes wherever its record goes (issue 39, item 4): stored only with its
 * record (a failed write of either leaves neither), retried with one key into one record and one
 * file, deleted with the record by the admin, by an erasure and by the 12-month purge, and kept
 * with a held application until "Not spam" hands it to the lead or "Delete" removes it.
 */
import { describe, expect, it } from 'vitest';
import applicationsFn from '../../../functions/applications.ts';
import erasureFn from '../../../functions/erasure.ts';
import heldFn from '../../../functions/held.ts';
import { purgeExpired } from '../../../functions/_lib/retention.ts';
import { call, makeToken, useBlobs } from '../helpers.ts';
import { useFaultyBlobs } from '../faulty-blobs.ts';
import { liveIds } from '../store-inspection.ts';
import { storeOf } from '../storage/backup-kit.ts';
import { makePdf } from '../../support/hostile-files.ts';
import { applicationForm } from './application-form.ts';

const blobs = useBlobs({ silenceErrors: true });
const faulty = useFaultyBlobs(blobs);

const fileKeys = async (store = 'applications-files') =>
  (await storeOf(store).list()).blobs.map(({ key }) => key).sort();

async function send(form = applicationForm(), extra: { key?: string; proof?: false } = {}) {
  const res = await call(applicationsFn, {
    path: '/api/applications',
    multipart: form,
    ...(extra.key ? { headers: { 'idempotency-key': extra.key } } : {}),
    ...(extra.proof === false ? { proof: false as const } : {}),
  });
  return { status: res.status, body: (await res.json()) as { _id: string } };
}

const download = async (id: string) =>
  call(applicationsFn, {
    path: `/api/applications/${id}/cv`,
    params: { id },
    token: await makeToken(),
  });

describe('stored together or not at all', () => {
  it('20 sends at once with one Idempotency-Key store one application and one CV', async () => {
    const key = 'retry-key-0123456789abcdef';
    const results = await Promise.all(Array.from({ length: 20 }, () => send(undefined, { key })));
    expect(results.map(({ status }) => status)).toEqual(Array(20).fill(201));
    expect(new Set(results.map(({ body }) => body._id)).size).toBe(1);
    expect(await liveIds('applications')).toEqual([results[0]!.body._id]);
    expect(await fileKeys()).toEqual([results[0]!.body._id]);
  });

  it('20 different applications at once: 20 records, each with its own CV', async () => {
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, n) =>
        send(
          applicationForm(
            { name: `Applicant ${n}` },
            { bytes: makePdf({ page: `BT (Applicant ${n}) Tj ET` }), name: `${n}.pdf` },
          ),
        ),
      ),
    );
    expect(results.every(({ status }) => status === 201)).toBe(true);
    const ids = results.map(({ body }) => body._id).sort();
    expect(await liveIds('applications')).toEqual(ids);
    expect(await fileKeys()).toEqual(ids);
    const seventh = results[7]!.body._id;
    const cv = Buffer.from(await (await download(seventh)).arrayBuffer()).toString('latin1');
    expect(cv).toContain('(Applicant 7)');
  });

  it('a CV that cannot be written stores no application (503)', async () => {
    faulty.inject({
      method: 'PUT',
      path: /applications-files/,
      fault: { kind: 'refuse', status: 503 },
    });
    const { status } = await send();
    expect(status).toBe(503);
    faulty.rules.length = 0;
    expect(await liveIds('applications')).toEqual([]);
    expect(await fileKeys()).toEqual([]);
  });

  it('an application that cannot be written takes its CV back (503)', async () => {
    faulty.inject({
      method: 'PUT',
      path: /site:applications\/[0-9A-Z]{26}$/,
      fault: { kind: 'refuse', status: 503 },
    });
    const { status } = await send();
    expect(status).toBe(503);
    faulty.rules.length = 0;
    expect(await liveIds('applications')).toEqual([]);
    expect(await fileKeys()).toEqual([]);
  });
});

describe('deleted with its application', () => {
  it('by the admin: the CV is gone and its download answers 404', async () => {
    const { body } = await send();
    const res = await call(applicationsFn, {
      method: 'DELETE',
      path: `/api/applications/${body._id}`,
      params: { id: body._id },
      token: await makeToken(),
    });
    expect(res.status).toBe(204);
    expect(await fileKeys()).toEqual([]);
    expect((await download(body._id)).status).toBe(404);
  });

  it('by an erasure of the applicant, held application and CV included', async () => {
    const kept = await send(applicationForm({ email: 'ravi@example.in' }));
    await send();
    await send(undefined, { proof: false }); // held, with its CV
    expect(await fileKeys('held-files')).toHaveLength(1);
    const token = await makeToken();
    const preview = await call(erasureFn, { path: '/api/erasure?email=asha@example.in', token });
    const found = (await preview.json()) as { applications: number; ids: string[] };
    expect(found.applications).toBe(1);
    const erased = await call(erasureFn, {
      path: '/api/erasure',
      json: { email: 'asha@example.in', ids: found.ids },
      token,
    });
    expect(erased.status).toBe(200);
    expect(await fileKeys()).toEqual([kept.body._id]);
    expect(await fileKeys('held-files')).toEqual([]);
  });

  it('by the purge 12 months after it was sent, whatever its status, and not a day before', async () => {
    const { body } = await send();
    const sent = Date.parse(new Date().toISOString());
    const day = 86_400_000;
    const before = await purgeExpired({ now: sent + 364 * day, months: 60 });
    expect(before.removed).toEqual([]);
    const after = await purgeExpired({ now: sent + 367 * day, months: 60 });
    expect(after.removed.map(({ id }) => id)).toEqual([body._id]);
    expect(await fileKeys()).toEqual([]);
  });
});

describe('held with its CV', () => {
  const decide = async (id: string, action: 'accept' | 'delete') =>
    call(heldFn, {
      path: `/api/held/${id}`,
      params: { id },
      json: { action },
      token: await makeToken(),
    });

  it('"Not spam" hands the CV to the application, byte for byte', async () => {
    const cv = makePdf({ page: 'BT (Held applicant) Tj ET' });
    const { body } = await send(applicationForm({}, { bytes: cv, name: 'held.pdf' }), {
      proof: false,
    });
    expect(await liveIds('applications')).toEqual([]);
    const accepted = await decide(body._id, 'accept');
    expect(accepted.status).toBe(200);
    const [lead] = await liveIds('applications');
    const res = await download(lead!);
    expect(Buffer.from(await res.arrayBuffer()).equals(cv)).toBe(true);
    expect(await fileKeys('held-files')).toEqual([]);
  });

  it('"Delete" removes the held CV', async () => {
    const { body } = await send(undefined, { proof: false });
    expect((await decide(body._id, 'delete')).status).toBeLessThan(300);
    expect(await fileKeys('held-files')).toEqual([]);
    expect(await fileKeys()).toEqual([]);
  });
});
