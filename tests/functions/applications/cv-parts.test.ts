/**
 * A large CV sent in parts ahead of its application (issue 39): Netlify takes
 * about 4.5 MB of binary in one request, so a 5 MB CV goes as a 3 MB part and a 2 MB piece in the
 * form; the function joins them, checks the whole, stores it and drops the part.
 */
import { describe, expect, it } from 'vitest';
import applicationsFn from '../../../functions/applications.ts';
import { CV_PART_BYTES, sweepCvParts } from '../../../functions/_lib/repositories/cv-parts.ts';
import { CV_MAX_BYTES } from '../../../src/lib/schemas/application.ts';
import { call, makeToken, useBlobs } from '../helpers.ts';
import { storeOf } from '../storage/backup-kit.ts';
import { makePdf } from '../../support/hostile-files.ts';
import { applicationForm } from './application-form.ts';

useBlobs();

const UPLOAD = 'upload-id-0123456789abcdef';

function bigPdf(size = CV_MAX_BYTES): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(size).fill(0x20);
  bytes.set(makePdf({ page: 'BT (Big applicant) Tj ET' }), 0);
  return bytes;
}

const sendPart = (bytes: Uint8Array<ArrayBuffer>, part = 0, upload = UPLOAD) =>
  call(applicationsFn, {
    path: `/api/applications/parts?upload=${upload}&part=${part}`,
    body: bytes,
    headers: { 'content-type': 'application/octet-stream' },
  });

const partKeys = async () =>
  (await storeOf('cv-parts').list()).blobs
    .map(({ key }) => key)
    .filter((key) => /^\d{7}\//.test(key));

describe('a CV in parts', () => {
  it('is joined, checked and stored whole; its part is dropped', async () => {
    const cv = bigPdf();
    const first = await sendPart(cv.slice(0, CV_PART_BYTES));
    expect(first.status).toBe(201);
    const { token } = (await first.json()) as { token: string };
    const form = applicationForm(
      { cvParts: token, cvPartCount: '1' },
      { bytes: cv.slice(CV_PART_BYTES), name: 'big cv.pdf' },
    );
    const res = await call(applicationsFn, { path: '/api/applications', multipart: form });
    expect(res.status).toBe(201);
    const { _id } = (await res.json()) as { _id: string };
    const download = await call(applicationsFn, {
      path: `/api/applications/${_id}/cv`,
      params: { id: _id },
      token: await makeToken(),
    });
    expect(Buffer.from(await download.arrayBuffer()).equals(Buffer.from(cv))).toBe(true);
    expect(await partKeys()).toEqual([]);
  });

  it('asks for the CV again when its parts are not there', async () => {
    const hour = Math.floor(Date.now() / 3_600_000);
    const form = applicationForm(
      { cvParts: `${hour}.${UPLOAD}`, cvPartCount: '1' },
      { bytes: makePdf(), name: 'cv.pdf' },
    );
    const res = await call(applicationsFn, { path: '/api/applications', multipart: form });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { fields: Record<string, string> }).fields['cv']).toBe(
      'Please attach your CV as a PDF, DOCX or ODT file.',
    );
  });

  it('refuses a part over 3 MB (413), another type (415), a bad id (400), another file under the same id (409)', async () => {
    expect((await sendPart(new Uint8Array(CV_PART_BYTES + 1))).status).toBe(413);
    const json = await call(applicationsFn, {
      path: `/api/applications/parts?upload=${UPLOAD}&part=0`,
      json: { bytes: 'x' },
    });
    expect(json.status).toBe(415);
    expect((await sendPart(new Uint8Array([1]), 0, 'short')).status).toBe(400);
    expect((await sendPart(new Uint8Array([1]), 5)).status).toBe(400);
    expect((await sendPart(new Uint8Array([1, 2, 3]))).status).toBe(201);
    expect((await sendPart(new Uint8Array([1, 2, 3]))).status).toBe(201); // a retry
    expect((await sendPart(new Uint8Array([9, 9, 9]))).status).toBe(409);
  });

  it('sweeps parts older than the last hour', async () => {
    expect((await sendPart(new Uint8Array([1, 2, 3]))).status).toBe(201);
    expect(await partKeys()).toHaveLength(1);
    await sweepCvParts(Date.now() + 3_600_000);
    expect(await partKeys()).toHaveLength(1);
    await sweepCvParts(Date.now() + 2 * 3_600_000 + 1);
    expect(await partKeys()).toEqual([]);
  });
});
