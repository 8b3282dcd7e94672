/**
 * CVs handled as hostile (issue 39, item 3): each file of the corpus the issue lists is refused
 * with its reason, and what a real applicant sends (a PDF, a DOCX, an ODT) is accepted, whatever
 * its name or the type a browser gave it (neither reaches `inspectCv`).
 */
import { describe, expect, it } from 'vitest';
import { CV_MAX_BYTES, inspectCv, type CvRefusalCode } from '../../../functions/_lib/cv/index.ts';
import { makeDocx, makeOdt, makePdf, makeZip, objectStream } from '../../support/hostile-files.ts';

const MB = 1024 * 1024;

async function refusal(bytes: Uint8Array): Promise<CvRefusalCode | 'accepted'> {
  const verdict = await inspectCv(bytes);
  return verdict.ok ? 'accepted' : verdict.code;
}

describe('what an applicant sends', () => {
  it('accepts a PDF, a DOCX and an ODT, typed by their bytes', async () => {
    expect(await inspectCv(makePdf())).toMatchObject({ ok: true, type: 'pdf', extension: 'pdf' });
    expect(await inspectCv(makeDocx())).toMatchObject({ ok: true, type: 'docx' });
    expect(await inspectCv(makeOdt())).toMatchObject({
      ok: true,
      type: 'odt',
      contentType: 'application/vnd.oasis.opendocument.text',
    });
  });

  it('does not take words on a page, or bytes of an image, for scripts', async () => {
    const page = 'BT (Skills: HTML/JavaScript/CSS, /Launch of solar parks) Tj ET';
    expect(await refusal(makePdf({ page }))).toBe('accepted');
    const info = '<< /Title (Developer: HTML/JavaScript \\(and /Launch\\)) /Author <2f4a53> >>';
    expect(await refusal(makePdf({ objects: [info], trailer: '/Info 5 0 R ' }))).toBe('accepted');
    // An image's data that happens to hold "/JS " is data, not a dictionary.
    const image =
      '<< /Type /XObject /Subtype /Image /Length 12 >>\nstream\nxx/JS /Launch\nendstream';
    expect(await refusal(makePdf({ objects: [image] }))).toBe('accepted');
  });

  it('accepts a CV of exactly 5 MB', async () => {
    const pdf = makePdf();
    const padded = Buffer.concat([pdf, Buffer.alloc(CV_MAX_BYTES - pdf.length, 0x20)]);
    expect(await refusal(padded)).toBe('accepted');
  });
});

describe('the hostile corpus', () => {
  it('refuses an empty file and one byte over 5 MB', async () => {
    expect(await refusal(new Uint8Array())).toBe('empty');
    const pdf = makePdf();
    expect(await refusal(Buffer.concat([pdf, Buffer.alloc(CV_MAX_BYTES + 1 - pdf.length)]))).toBe(
      'too-large',
    );
  });

  it('refuses a page named .pdf, a script, an image and plain text', async () => {
    expect(await refusal(Buffer.from('<!doctype html><script>alert(1)</script>'))).toBe('type');
    expect(await refusal(Buffer.from('#!/bin/sh\nrm -rf /\n'))).toBe('type');
    expect(await refusal(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16]))).toBe('type');
    expect(await refusal(Buffer.from('<html>%PDF-1.7 dressed as a PDF</html>'))).toBe('type');
  });

  it.each([
    [
      'a script in the catalogue',
      { catalog: '/OpenAction << /S /JavaScript /JS (app.alert(1)) >> ' },
    ],
    ['a launch action', { catalog: '/OpenAction << /S /Launch /F (cmd.exe) >> ' }],
    ['a name written in hex escapes', { catalog: '/OpenAction << /S /Java#53cript /J#53 (x) >> ' }],
    ['attached files', { catalog: '/Names << /EmbeddedFiles << /Names [] >> >> ' }],
    ['an XFA form', { catalog: '/AcroForm << /XFA 9 0 R >> ' }],
    [
      'a script packed in an object stream',
      { objects: [objectStream(['<< /S /JavaScript /JS (app.launchURL("x")) >>'])] },
    ],
  ])('refuses a PDF with %s', async (_name, parts) => {
    expect(await refusal(makePdf(parts))).toBe('active-content');
  });

  it('refuses an encrypted PDF, and an object stream it cannot read', async () => {
    expect(await refusal(makePdf({ trailer: '/Encrypt 9 0 R ' }))).toBe('encrypted');
    const lzw =
      '<< /Type /ObjStm /N 1 /First 0 /Filter /LZWDecode /Length 3 >>\nstream\nabc\nendstream';
    expect(await refusal(makePdf({ objects: [lzw] }))).toBe('unreadable');
  });

  it('refuses a PDF that is also a zip', async () => {
    const docx = makeDocx();
    expect(await refusal(Buffer.concat([makePdf(), docx]))).toBe('polyglot');
    expect(await refusal(makeZip([{ name: 'a.txt', data: 'x' }], { prefix: makePdf() }))).toBe(
      'polyglot',
    );
  });

  it('refuses entries with ../, absolute or Windows paths', async () => {
    for (const name of ['../../etc/cron.d/x', 'word/../../x', '/etc/passwd', 'C:/x', 'word\\x']) {
      expect(await refusal(makeDocx([{ name, data: 'x' }])), name).toBe('path');
    }
  });

  it('refuses a flat bomb: one entry unpacking past 50 MB', async () => {
    expect(
      await refusal(makeDocx([{ name: 'word/media/a.bin', data: Buffer.alloc(51 * MB) }])),
    ).toBe('bomb');
  });

  it('refuses a bomb whose headers lie about its size', async () => {
    const liar = makeDocx([{ name: 'word/a.xml', data: Buffer.alloc(60 * MB), claimedSize: 1000 }]);
    expect(await refusal(liar)).toBe('bomb');
  });

  it('refuses a small entry packed beyond any document’s ratio', async () => {
    expect(await refusal(makeDocx([{ name: 'word/b.xml', data: Buffer.alloc(20 * MB) }]))).toBe(
      'bomb',
    );
  });

  it('refuses many entries whose sum passes 50 MB, each below the ratio’s floor', async () => {
    const entries = Array.from({ length: 60 }, (_, n) => ({
      name: `word/q${n}.xml`,
      data: Buffer.alloc(MB - 1, 65 + (n % 20)),
    }));
    expect(await refusal(makeDocx(entries))).toBe('bomb');
  });

  it('refuses a nested bomb: archives inside the archive', async () => {
    const inner = makeZip([{ name: 'zeros.bin', data: Buffer.alloc(10 * MB) }]);
    const middle = makeZip(
      Array.from({ length: 10 }, (_, i) => ({ name: `${i}.zip`, data: inner })),
    );
    expect(await refusal(makeDocx([{ name: 'word/embeddings/x.zip', data: middle }]))).toBe(
      'nested',
    );
  });

  it('refuses more than 500 entries', async () => {
    const many = Array.from({ length: 501 }, (_, i) => ({ name: `word/e${i}.xml`, data: '<x/>' }));
    expect(await refusal(makeDocx(many))).toBe('bomb');
  });

  it('refuses a document with macros, and a zip that is no document', async () => {
    expect(await refusal(makeDocx([{ name: 'word/vbaProject.bin', data: 'macro' }]))).toBe(
      'macros',
    );
    expect(await refusal(makeZip([{ name: 'cv.exe', data: 'MZ' }]))).toBe('type');
    expect(await refusal(Buffer.from('PK\x03\x04 broken archive'))).toBe('archive');
  });

  it('names the allowed types in a type refusal', async () => {
    const verdict = await inspectCv(Buffer.from('plain text'));
    expect(verdict.ok).toBe(false);
    if (!verdict.ok) expect(verdict.message).toMatch(/PDF, DOCX or ODT/);
  });
});
