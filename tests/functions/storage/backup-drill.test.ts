/**
 * The backup drill (scripts/backup-core.ts, scripts/backup-restore.ts): 1,000 leads with
 * statuses and notes, 20 applications with their CVs and one held with its CV, an announcement
 * and the outbox are backed up, the stores wiped, the file
 * restored, and every blob compared byte for byte, metadata included; the API then lists the
 * restored leads. A wrong identity fails with a clear message and writes nothing; a store that
 * is not empty is refused, and changed in nothing. (Signatures, checksums and the security
 * store: backup-trust.test.ts; --replace: backup-replace.test.ts.)
 */
import { generateIdentity } from 'age-encryption';
import { beforeAll, describe, expect, it } from 'vitest';
import announcementsFn from '../../../functions/announcements.ts';
import enquiriesFn from '../../../functions/enquiries.ts';
import applicationsFn from '../../../functions/applications.ts';
import { applicationForm } from '../applications/application-form.ts';
import { makePdf } from '../../support/hostile-files.ts';
import { contactMessages } from '../../../functions/_lib/repositories/contact-messages.ts';
import { enquiries } from '../../../functions/_lib/repositories/enquiries.ts';
import { BackupError, backupLines, open, sealToBytes } from '../../../scripts/backup-core.ts';
import { restore } from '../../../scripts/backup-restore.ts';
import * as v from 'valibot';
import { ContactMessageSchema, parseEnquiry } from '../../../src/lib/schemas/index.ts';
import { call, editStatus, makeToken, useBlobs } from '../helpers.ts';
import { validContact, validEnquiry } from '../samples.ts';
import { makeKeys, snapshot, storeOf, type KeySet } from './backup-kit.ts';

const blobs = useBlobs({ silenceErrors: true });

const ENQUIRIES = 700;
const MESSAGES = 300;
const APPLICATIONS = 21;
const applicationIds: string[] = [];
async function seed(): Promise<void> {
  const enquiry = parseEnquiry(validEnquiry());
  const message = v.safeParse(ContactMessageSchema, validContact());
  if (!enquiry.success || !message.success) throw new Error('invalid fixtures');
  for (let n = 0; n < ENQUIRIES + MESSAGES; n += 25) {
    await Promise.all(
      Array.from({ length: 25 }, (_, k) =>
        n + k < ENQUIRIES
          ? enquiries.create({ ...enquiry.output, fullName: `Lead ${n + k}` })
          : contactMessages.create({ ...message.output, name: `Sender ${n + k}` }),
      ),
    );
  }
  for (let n = 0; n < APPLICATIONS; n++) {
    const cv = { bytes: makePdf({ page: `BT (Applicant ${n}) Tj ET` }), name: `cv-${n}.pdf` };
    const sent = await call(applicationsFn, {
      path: '/api/applications',
      multipart: applicationForm({ name: `Applicant ${n}` }, cv),
      // The last is sent without a proof of work, so it is held with its CV.
      ...(n === APPLICATIONS - 1 ? { proof: false as const } : {}),
    });
    expect(sent.status).toBe(201);
    applicationIds.push(((await sent.json()) as { _id: string })._id);
  }
  const token = await makeToken();
  const ids = (await enquiries.all()).slice(0, 40).map(({ _id }) => _id);
  for (const id of ids) {
    expect(
      (await editStatus(enquiriesFn, 'enquiries', id, { status: 'Contacted', version: 1, token }))
        .status,
    ).toBe(200);
    const note = await call(enquiriesFn, {
      path: `/api/enquiries/${id}/notes`,
      params: { id },
      json: { text: `Called on site visit ${id.slice(-4)}` },
      token,
    });
    expect(note.status).toBe(201);
  }
  const announced = await call(announcementsFn, {
    path: '/api/announcements',
    token,
    json: { text: 'Biogas training in Thrissur', link: '/about' },
  });
  expect(announced.status).toBe(201);
  await storeOf('outbox').setJSON(`enquiries/${ids[0]}/notify`, { state: 'sent' });
  // A list builds the index, which is backed up with the records.
  expect((await call(enquiriesFn, { path: '/api/enquiries', token })).status).toBe(200);
}

let keys: KeySet;
let before = new Map<string, string>();
let file: Uint8Array = new Uint8Array();

beforeAll(async () => {
  keys = await makeKeys();
}, 60_000);

describe('the drill', () => {
  it('backs up, wipes, restores and finds every blob as it was', async () => {
    await seed();
    before = await snapshot();
    expect(before.size).toBeGreaterThan(ENQUIRIES + MESSAGES);

    const started = performance.now();
    file = await sealToBytes(backupLines(storeOf), keys.making);
    const backupMs = performance.now() - started;
    // The file is encrypted: no name of any lead can be read in it.
    expect(Buffer.from(file).toString('latin1')).not.toContain('Lead 1');

    blobs.freshSite(); // The wipe: the same code now sees empty stores.
    expect(await snapshot()).toEqual(new Map());
    const restoring = performance.now();
    const backup = await open(file, keys.opening);
    expect(backup.manifest.stores['enquiries']).toBeGreaterThanOrEqual(ENQUIRIES);
    const report = await restore(backup, storeOf);
    const restoreMs = performance.now() - restoring;
    expect(report.verified).toBe(before.size);
    expect(await snapshot()).toEqual(before);

    const listed = await call(enquiriesFn, { path: '/api/enquiries', token: await makeToken() });
    expect(listed.headers.get('x-total-count')).toBe(String(ENQUIRIES));
    // The CVs came back with their applications: the admin downloads one as it was sent.
    expect(backup.manifest.stores['applications-files']).toBe(APPLICATIONS - 1);
    expect(backup.manifest.stores['held-files']).toBe(1);
    const id = applicationIds[3]!;
    const cv = await call(applicationsFn, {
      path: `/api/applications/${id}/cv`,
      params: { id },
      token: await makeToken(),
    });
    expect(cv.status).toBe(200);
    expect(Buffer.from(await cv.arrayBuffer()).toString('latin1')).toContain('(Applicant 3)');
    console.log(
      `backup drill: ${before.size} blobs, file ${(file.length / 1024).toFixed(0)} KiB, ` +
        `backup ${backupMs.toFixed(0)} ms, restore ${restoreMs.toFixed(0)} ms`,
    );
  }, 300_000);

  it('refuses a wrong identity, writing nothing', async () => {
    blobs.freshSite();
    const stranger = { ...keys.opening, identity: await generateIdentity() };
    await expect(open(file, stranger)).rejects.toThrow(BackupError);
    await expect(open(file, stranger)).rejects.toThrow(/cannot be decrypted with this identity/);
    await expect(open(file, { ...keys.opening, identity: 'not a key' })).rejects.toThrow(
      /BACKUP_IDENTITY must be an age identity/,
    );
    expect(await snapshot()).toEqual(new Map());
  }, 120_000);

  it('refuses a store that is not empty, and changes nothing in it', async () => {
    blobs.freshSite();
    await storeOf('announcements').setJSON('01K0KEEP0000000000000000AA', { title: 'Kept' });
    const kept = await snapshot();
    await expect(restore(await open(file, keys.opening), storeOf)).rejects.toThrow(
      /These stores are not empty: announcements\..*Nothing was restored\./,
    );
    expect(await snapshot()).toEqual(kept);
  }, 120_000);
});
