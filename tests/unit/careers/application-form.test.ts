/**
 * The careers application form's pure parts: the browser's first look at a chosen CV, its draft,
 * and its words, held to what the API and the lead kind declare.
 */
import { describe, expect, it } from 'vitest';
import { refuse } from '../../../functions/_lib/cv/refusal.ts';
import { formText } from '../../../src/i18n/forms';
import { LOCALES } from '../../../src/i18n/locales';
import {
  APPLICATION_ANCHOR,
  APPLICATION_FIELDS,
  CV_FIELD,
  draftHasText,
  emptyApplication,
} from '../../../src/lib/forms/application-draft';
import {
  CV_ACCEPT,
  CV_EXTENSIONS,
  CV_MIME_TYPES,
  blocksSending,
  cvWarning,
} from '../../../src/lib/forms/cv';
import { APPLICATION } from '../../../src/lib/leads/application';
import { CV_MAX_BYTES, CV_REFUSAL_CODES } from '../../../src/lib/schemas/application';

describe('the CV as the form sees it before sending', () => {
  it('asks for a file when none is chosen', () => {
    expect(cvWarning(undefined)).toBe('missing');
    expect(cvWarning(null)).toBe('missing');
  });

  it('refuses an empty file and one over 5 MB, as the server would whatever the bytes', () => {
    expect(cvWarning({ name: 'cv.pdf', size: 0 })).toBe('empty');
    expect(cvWarning({ name: 'cv.pdf', size: CV_MAX_BYTES + 1 })).toBe('too-large');
    expect(cvWarning({ name: 'cv.pdf', size: CV_MAX_BYTES })).toBeUndefined();
    for (const code of ['missing', 'empty', 'too-large'] as const) {
      expect(blocksSending(code)).toBe(true);
    }
  });

  it('warns of a name that is not .pdf, .docx or .odt, but leaves the bytes to the server', () => {
    for (const name of ['cv.html', 'cv.pdf.exe', 'cv', 'cv.doc']) {
      expect(cvWarning({ name, size: 10 }), name).toBe('type');
    }
    expect(blocksSending('type')).toBe(false);
    for (const name of ['cv.pdf', 'CV.PDF', 'Asha Menon.docx', 'résumé.odt']) {
      expect(cvWarning({ name, size: 10 }), name).toBeUndefined();
    }
    expect(blocksSending(undefined)).toBe(false);
  });

  it('offers the three types by extension and by MIME type', () => {
    const accepted = CV_ACCEPT.split(',');
    for (const type of [...CV_EXTENSIONS, ...CV_MIME_TYPES]) expect(accepted).toContain(type);
    expect(accepted).toHaveLength(6);
  });
});

describe('the application draft', () => {
  it('is worth keeping once something is typed; a ticked box alone is not', () => {
    expect(draftHasText(emptyApplication())).toBe(false);
    expect(draftHasText({ ...emptyApplication(), consent: true })).toBe(false);
    expect(draftHasText({ ...emptyApplication(), location: '  ' })).toBe(false);
    expect(draftHasText({ ...emptyApplication(), location: 'Kochi' })).toBe(true);
  });

  it('keeps every field of the schema but the opening, which the page gives', () => {
    const schemaFields = Object.keys(APPLICATION.schema.entries).filter((f) => f !== 'opening');
    expect([...APPLICATION_FIELDS].sort()).toEqual(schemaFields.sort());
    expect(Object.keys(emptyApplication()).sort()).toEqual([...APPLICATION_FIELDS].sort());
  });

  it('names its anchor and file field as the lead kind does', () => {
    expect(APPLICATION_ANCHOR).toBe(APPLICATION.form.anchor);
    expect(CV_FIELD).toBe(APPLICATION.attachment?.field);
  });
});

describe('the application form’s words', () => {
  it('says each CV refusal in English exactly as the API does', () => {
    const { cvRefusals } = formText('en').application;
    for (const code of CV_REFUSAL_CODES) expect(cvRefusals[code], code).toBe(refuse(code).message);
    expect(Object.keys(cvRefusals).sort()).toEqual([...CV_REFUSAL_CODES].sort());
  });

  it.each(LOCALES)('%s labels every field the lead kind labels, and the CV', (locale) => {
    const labels = APPLICATION.form.labels!(formText(locale)) as Record<string, string>;
    for (const field of [...Object.keys(APPLICATION.labels), CV_FIELD]) {
      expect(labels[field], `${locale} ${field}`).toBeTruthy();
    }
  });

  it.each(LOCALES)('%s has words for every CV refusal', (locale) => {
    const { cvRefusals } = formText(locale).application;
    for (const code of CV_REFUSAL_CODES) expect(cvRefusals[code], `${locale} ${code}`).toBeTruthy();
  });
});
