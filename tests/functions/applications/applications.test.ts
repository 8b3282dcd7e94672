/**
 * POST /api/applications (issue 39): a multipart form with the CV in `cv`, checked by its bytes;
 * the admin's list, status (the applications' own), and the CV download; JSON refused with 415.
 */
import { describe, expect, it } from 'vitest';
import applicationsFn from '../../../functions/applications.ts';
import { call, makeToken, useBlobs } from '../helpers.ts';
import { writes } from '../store-inspection.ts';
import { makeDocx, makePdf } from '../../support/hostile-files.ts';
import { applicationForm } from './application-form.ts';

const blobs = useBlobs();

const post = (multipart: FormData, headers?: Record<string, string>) =>
  call(applicationsFn, { path: '/api/applications', multipart, ...(headers ? { headers } : {}) });

async function list() {
  const res = await call(applicationsFn, { path: '/api/applications', token: await makeToken() });
  expect(res.status).toBe(200);
  return (await res.json()) as Record<string, unknown>[];
}

describe('POST /api/applications', () => {
  it('stores an application and its CV, typed by its bytes (201)', async () => {
    // The browser's word for the type and the file's name both lie: the bytes decide.
    const docx = makeDocx();
    const res = await post(
      applicationForm({}, { bytes: docx, name: 'cv.pdf', type: 'application/pdf' }),
    );
    expect(res.status).toBe(201);
    const { _id, reference } = (await res.json()) as { _id: string; reference: string };
    const [item] = await list();
    expect(item).toMatchObject({
      _id,
      name: 'Asha Nair',
      phone: '+919847012345',
      opening: 'open',
      consent: true,
      status: 'New',
      cv: { type: 'docx', size: docx.length, name: 'cv.pdf' },
    });

    const download = await call(applicationsFn, {
      path: `/api/applications/${_id}/cv`,
      params: { id: _id },
      token: await makeToken(),
    });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe(
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    );
    expect(download.headers.get('content-disposition')).toBe(
      `attachment; filename="CV-${reference}.docx"`,
    );
    expect(download.headers.get('x-content-type-options')).toBe('nosniff');
    expect(download.headers.get('content-security-policy')).toContain('sandbox');
    expect(download.headers.get('cache-control')).toBe('no-store');
    expect(Buffer.from(await download.arrayBuffer()).equals(docx)).toBe(true);
  });

  it('serves the CV to the admin only', async () => {
    const res = await post(applicationForm());
    const { _id } = (await res.json()) as { _id: string };
    const anonymous = await call(applicationsFn, {
      path: `/api/applications/${_id}/cv`,
      params: { id: _id },
    });
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('content-type')).toContain('application/json');
  });

  it('refuses JSON with 415 and stores nothing', async () => {
    const res = await call(applicationsFn, {
      path: '/api/applications',
      json: { name: 'Asha', email: 'asha@example.in' },
    });
    expect(res.status).toBe(415);
    expect(writes(blobs.ops)).toBe(0);
  });

  it('names the invalid fields and the refused CV together (400), storing nothing', async () => {
    const html = Buffer.from('<!doctype html><script>alert(1)</script>');
    const res = await post(
      applicationForm({ email: 'asha@', consent: '' }, { bytes: html, name: 'cv.pdf' }),
    );
    expect(res.status).toBe(400);
    const body = (await res.json()) as { fields: Record<string, string> };
    expect(body.fields).toEqual({
      email: 'Invalid email format.',
      consent:
        'Please agree to us keeping your application for 12 months, or we cannot consider it.',
      cv: 'This file is not a PDF, DOCX or ODT document. Please attach your CV as a PDF, DOCX or ODT file.',
    });
    expect(writes(blobs.ops)).toBe(0);
  });

  it('asks for a CV when none is attached, or an empty part came', async () => {
    for (const form of [
      applicationForm({}, null),
      applicationForm({}, { bytes: new Uint8Array(), name: '' }),
    ]) {
      const res = await post(form);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { fields: Record<string, string> }).fields).toEqual({
        cv: 'Please attach your CV as a PDF, DOCX or ODT file.',
      });
    }
    expect(writes(blobs.ops)).toBe(0);
  });

  it('answers a CV over 5 MB with 413 at its field', async () => {
    const pdf = makePdf();
    const big = Buffer.concat([pdf, Buffer.alloc(5 * 1024 * 1024 + 1 - pdf.length, 0x20)]);
    const res = await post(applicationForm({}, { bytes: big, name: 'cv.pdf' }));
    expect(res.status).toBe(413);
    expect(((await res.json()) as { fields: Record<string, string> }).fields).toEqual({
      cv: 'The CV is larger than 5 MB. Please attach a smaller file.',
    });
    expect(writes(blobs.ops)).toBe(0);
  });

  it('sends a browser without scripts back to the form, or on to the thank-you page', async () => {
    const bad = await post(applicationForm({ name: '' }, null), { accept: 'text/html' });
    expect(bad.status).toBe(303);
    expect(bad.headers.get('location')).toBe('/careers/?error=1&fields=name%2Ccv#application-form');
    const good = await post(applicationForm({ lang: 'ml' }), { accept: 'text/html' });
    expect(good.status).toBe(303);
    expect(good.headers.get('location')).toBe('/ml/thank-you/?form=application');
  });

  it('takes only its own statuses', async () => {
    const res = await post(applicationForm());
    const { _id } = (await res.json()) as { _id: string };
    const patch = (status: string) =>
      makeToken().then((token) =>
        call(applicationsFn, {
          method: 'PATCH',
          path: `/api/applications/${_id}`,
          params: { id: _id },
          json: { status },
          headers: { 'if-match': '"1"' },
          token,
        }),
      );
    const won = await patch('Won');
    expect(won.status).toBe(400);
    expect(((await won.json()) as { fields: Record<string, string> }).fields['status']).toBe(
      'Status must be New, Shortlisted, Interview, Offer, Rejected or Withdrawn.',
    );
    expect((await patch('Shortlisted')).status).toBe(200);
    expect((await list())[0]).toMatchObject({ status: 'Shortlisted' });
  });
});

describe('the e-mails of an application', () => {
  it('tell the office what was sent and that the CV waits in the admin, never attaching it', async () => {
    const { leadNotification } = await import('../../../functions/_lib/notifications.ts');
    const { APPLICATION } = await import('../../../src/lib/leads/index.ts');
    const res = await post(applicationForm({ opening: 'solar-site-engineer' }));
    const { _id } = (await res.json()) as { _id: string };
    const [record] = (await list()).filter((item) => item['_id'] === _id);
    const mail = leadNotification(APPLICATION, record as never);
    expect(mail.subject).toBe('New job application from Asha Nair');
    expect(mail.text).toContain('Opening: solar-site-engineer');
    expect(mail.text).toContain('Current location: Kochi, Kerala');
    const open = await post(applicationForm());
    const openId = ((await open.json()) as { _id: string })._id;
    const [openRecord] = (await list()).filter((item) => item['_id'] === openId);
    expect(leadNotification(APPLICATION, openRecord as never).text).toContain(
      'Opening: Open application',
    );
    expect(mail.text).toMatch(/^CV: PDF, 1 KB, in the admin$/m);
    expect(mail.text).toContain('Six years of rooftop solar design in Kerala.');
    expect(mail).not.toHaveProperty('attachments');
  });
});

describe('in the applicant’s language', () => {
  it('refuses a CV in the form’s language', async () => {
    const html = Buffer.from('<!doctype html><p>not a CV</p>');
    for (const lang of ['ml', 'ar'] as const) {
      const res = await post(applicationForm({ lang }, { bytes: html, name: 'cv.pdf' }));
      expect(res.status).toBe(400);
      const { fields } = (await res.json()) as { fields: Record<string, string> };
      const { formText } = await import('../../../src/i18n/forms/index.ts');
      expect(fields['cv']).toBe(formText(lang).application.cvRefusals.type);
      expect(fields['cv']).not.toMatch(/[A-Za-z]{6,}/u);
      const unticked = await post(applicationForm({ lang, consent: '' }, null));
      const missing = ((await unticked.json()) as { fields: Record<string, string> }).fields;
      expect(missing['consent']).toBe(formText(lang).application.messages.consent);
      expect(missing['cv']).toBe(formText(lang).application.messages.cv);
    }
  });
});

describe('a slow upload', () => {
  it('is stored: the storage deadline starts once the CV has arrived and been checked', async () => {
    const { vi } = await import('vitest');
    const { testProof } = await import('../helpers.ts');
    vi.stubEnv('STORAGE_TIMEOUT_MS', '500');
    const form = applicationForm();
    form.set('altcha', await testProof());
    const encoded = new Request('http://localhost/', { method: 'POST', body: form });
    const bytes = new Uint8Array(await encoded.arrayBuffer());
    // The body arrives in two halves, 800 ms apart: longer than the whole storage deadline.
    const body = new ReadableStream<Uint8Array>({
      async start(controller) {
        controller.enqueue(bytes.slice(0, bytes.length >> 1));
        await new Promise((resolve) => setTimeout(resolve, 800));
        controller.enqueue(bytes.slice(bytes.length >> 1));
        controller.close();
      },
    });
    const res = await call(applicationsFn, {
      path: '/api/applications',
      body,
      headers: {
        'content-type': encoded.headers.get('content-type')!,
        accept: 'application/json',
      },
      context: {},
    });
    expect(res.status).toBe(201);
    expect(await list()).toHaveLength(1);
  });
});
