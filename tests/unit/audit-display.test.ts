/**
 * The audit log in the admin: the texts of its events, targets and counts
 * (src/admin/display/audit.ts), and its two client calls (listAudit, downloadAuditCsv).
 */
import { describe, expect, it } from 'vitest';
import { useStubbedApi } from './support/stubbed-api.ts';
import { downloadAuditCsv, listAudit } from '../../src/admin/api/audit';
import {
  NO_AUDIT_FILTERS,
  auditEmpty,
  auditEventLabel,
  auditEventOptions,
  auditFiltered,
  auditSummary,
  auditTarget,
} from '../../src/admin/display/audit';
import { AUDIT_EVENTS, AUDIT_EVENT_LABELS } from '../../src/lib/audit-events';

const HASH = `sha256:${'0123456789abcdef'.repeat(4)}`;

describe('the events', () => {
  it('offers every event of the shared list, in its order, by its label', () => {
    const options = auditEventOptions();
    expect(options.map(({ value }) => value)).toEqual(AUDIT_EVENTS);
    for (const { value, label } of options) {
      expect(label).toBe(AUDIT_EVENT_LABELS[value as keyof typeof AUDIT_EVENT_LABELS]);
    }
  });

  it('names an event by its label; one it does not know (a newer server) by its name', () => {
    expect(auditEventLabel('announcement.deleted')).toBe('Announcement deleted');
    expect(auditEventLabel('lead.status-changed')).toBe('Lead status changed');
    expect(auditEventLabel('something.new')).toBe('something.new');
  });
});

describe('a target', () => {
  it('is shown as stored, or N/A when there is none', () => {
    expect(auditTarget('enquiries/01J0SAMPLE0ID0000000000000')).toEqual({
      text: 'enquiries/01J0SAMPLE0ID0000000000000',
    });
    expect(auditTarget(undefined)).toEqual({ text: 'N/A' });
    expect(auditTarget('')).toEqual({ text: 'N/A' });
  });

  it("an erasure's hashed address is cut to 12 digits, the whole value kept aside", () => {
    expect(auditTarget(HASH)).toEqual({ text: 'sha256:0123456789ab…', full: HASH });
    // Not a whole hash: shown as it is.
    expect(auditTarget('sha256:abc')).toEqual({ text: 'sha256:abc' });
  });
});

describe('the count line', () => {
  it('counts records, with "match" under filters; the empty text says which case', () => {
    expect(auditSummary(1, 1, 1, false)).toBe('1 audit record, page 1 of 1');
    expect(auditSummary(41, 2, 3, false)).toBe('41 audit records, page 2 of 3');
    expect(auditSummary(3, 1, 1, true)).toBe('3 audit records match, page 1 of 1');
    expect(auditEmpty(true)).toBe('No audit records match these filters.');
    expect(auditEmpty(false)).toBe('No audit records yet.');
  });

  it('any of event, from and to narrows the log', () => {
    expect(auditFiltered(NO_AUDIT_FILTERS)).toBe(false);
    expect(auditFiltered({ ...NO_AUDIT_FILTERS, event: 'sign-out' })).toBe(true);
    expect(auditFiltered({ ...NO_AUDIT_FILTERS, from: '2026-01-01' })).toBe(true);
    expect(auditFiltered({ ...NO_AUDIT_FILTERS, to: '2026-01-31' })).toBe(true);
  });
});

describe('the client calls', () => {
  const api = useStubbedApi();

  const record = { id: '1', at: '2026-03-10T12:00:00.000Z', event: 'sign-out' };

  it('listAudit sends only the filters set, the page and its size, with the token', async () => {
    api.answer = () => Response.json([record], { headers: { 'X-Total-Count': '41' } });
    const filters = { event: 'sign-out', from: '2026-03-01', to: '' };
    await expect(listAudit(filters, 2, 20)).resolves.toMatchObject({ items: [record], total: 41 });
    expect(api.requests[0]?.url).toBe(
      '/api/audit?event=sign-out&from=2026-03-01&page=2&pageSize=20',
    );
    expect(new Headers(api.requests[0]?.init.headers).get('authorization')).toBe('Bearer token');
  });

  it("listAudit: a 400 in the server's words; other failures say what and the status", async () => {
    const refused = 'from must be a date as YYYY-MM-DD.';
    api.answer = () => Response.json({ error: refused }, { status: 400 });
    await expect(listAudit(NO_AUDIT_FILTERS, 1, 20)).rejects.toMatchObject({
      message: refused,
      status: 400,
    });
    api.answer = () => Response.json({ error: 'Internal error.' }, { status: 500 });
    await expect(listAudit(NO_AUDIT_FILTERS, 1, 20)).rejects.toMatchObject({
      message: 'Failed to load the audit log. HTTP error! status: 500',
    });
  });

  it('downloadAuditCsv asks for the filters applied and keeps the name the server gives', async () => {
    api.answer = () =>
      new Response('Time,Event\r\n', {
        headers: { 'content-disposition': 'attachment; filename="audit-log.csv"' },
      });
    const file = await downloadAuditCsv({ event: '', from: '2026-03-01', to: '2026-03-31' });
    expect(api.requests[0]?.url).toBe('/api/audit.csv?from=2026-03-01&to=2026-03-31');
    expect(file.filename).toBe('audit-log.csv');
    expect(await file.blob.text()).toBe('Time,Event\r\n');

    await downloadAuditCsv(NO_AUDIT_FILTERS);
    expect(api.requests[1]?.url).toBe('/api/audit.csv');

    api.answer = () => Response.json({ error: 'Internal error.' }, { status: 500 });
    await expect(downloadAuditCsv(NO_AUDIT_FILTERS)).rejects.toMatchObject({
      message: 'Failed to download the audit log. HTTP error! status: 500',
    });
  });
});
