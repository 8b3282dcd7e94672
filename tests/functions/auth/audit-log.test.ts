/**
 * The audit log (functions/_lib/audit.ts, GET /api/audit): each admin action and security event
 * leaves one record (time, event, target, count, client address, session hash), in order, with
 * no password, token, note text or e-mail address anywhere in the store; a status set to the one
 * it had leaves none; an erasure leaves only the address's hash; filters, pages and the CSV;
 * records older than 24 months go with the retention job.
 */
import { getStore } from '@netlify/blobs';
import { describe, expect, it } from 'vitest';
import announcementsFn from '../../../functions/announcements.ts';
import auditFn from '../../../functions/audit-log.ts';
import contactFn from '../../../functions/contact.ts';
import csvFn from '../../../functions/enquiries-csv.ts';
import enquiriesFn from '../../../functions/enquiries.ts';
import erasureFn from '../../../functions/erasure.ts';
import logoutFn from '../../../functions/logout.ts';
import retentionFn from '../../../functions/retention.ts';
import {
  AUDIT_STORE,
  audit,
  hashedAddress,
  type AuditRecord,
} from '../../../functions/_lib/audit.ts';
import { passwordStep, signIn as kitSignIn } from './factors-kit.ts';
import { ADMIN, call, createdId, setAdminEnv, useBlobs } from '../helpers.ts';
import { validContact, validEnquiry } from '../samples.ts';

useBlobs({ silenceErrors: true });

const IP = '198.51.100.23';

/** The whole sign-in (password, then the test passkey) from one browser. */
const signIn = () => kitSignIn({ ip: IP, device: 'e2e-audit-device-00000' });

async function records(token: string, query = ''): Promise<AuditRecord[]> {
  const res = await call(auditFn, { path: `/api/audit${query}`, token });
  expect(res.status).toBe(200);
  return (await res.json()) as AuditRecord[];
}

describe('the audit log', () => {
  it('records each admin action and security event, with nothing secret in it', async () => {
    setAdminEnv();
    expect((await passwordStep({ password: 'wrong password', ip: IP })).res.status).toBe(401);
    const { token, recoveryCodes } = (await (await signIn()).json()) as {
      token: string;
      recoveryCodes: string[];
    };
    expect(recoveryCodes).toHaveLength(10);
    const as = { token, ip: IP };

    const enquiry = await createdId(
      await call(enquiriesFn, {
        path: '/api/enquiries',
        json: validEnquiry({ emailAddress: 'asha@example.org' }),
      }),
    );
    await call(contactFn, {
      path: '/api/contact',
      json: validContact({ email: 'ravi@example.org' }),
    });
    const setStatus = (version: number) =>
      call(enquiriesFn, {
        method: 'PATCH',
        path: `/api/enquiries/${enquiry}`,
        params: { id: enquiry },
        json: { status: 'Contacted' },
        headers: { 'if-match': `"${version}"` },
        ...as,
      });
    expect((await setStatus(1)).status).toBe(200);
    // Set to the status it has: no change, no record.
    expect((await setStatus(2)).status).toBe(200);
    const note = await call(enquiriesFn, {
      path: `/api/enquiries/${enquiry}/notes`,
      params: { id: enquiry },
      json: { text: 'Prefers a call after 6 pm; budget confidential' },
      ...as,
    });
    expect(note.status).toBe(201);
    expect((await call(csvFn, { path: '/api/enquiries.csv', ...as })).status).toBe(200);
    const announcement = await createdId(
      await call(announcementsFn, {
        path: '/api/announcements',
        json: { text: 'Open day', link: '' },
        ...as,
      }),
    );
    await call(announcementsFn, {
      method: 'PUT',
      path: `/api/announcements/${announcement}`,
      params: { id: announcement },
      json: { text: 'Open day moved', link: '' },
      ...as,
    });
    await call(announcementsFn, {
      method: 'DELETE',
      path: `/api/announcements/${announcement}`,
      params: { id: announcement },
      ...as,
    });
    const preview = await call(erasureFn, { path: '/api/erasure?email=ravi@example.org', ...as });
    const { ids } = (await preview.json()) as { ids: string[] };
    await call(erasureFn, {
      path: '/api/erasure',
      json: { email: 'ravi@example.org', ids },
      ...as,
    });
    await call(enquiriesFn, {
      method: 'DELETE',
      path: `/api/enquiries/${enquiry}`,
      params: { id: enquiry },
      ...as,
    });
    expect((await call(logoutFn, { method: 'POST', path: '/api/logout', ...as })).status).toBe(204);

    const { token: reader } = (await (await signIn()).json()) as { token: string };
    const all = (await records(reader, '?pageSize=100')).reverse();
    // The refused password is also counted in its hour's counter (refusals.ts), with no address.
    expect(all.filter(({ event }) => event === 'sign-in.refused')).toEqual([
      expect.objectContaining({ count: 1, target: '1 address' }),
    ]);
    const log = all.filter(({ event }) => event !== 'sign-in.refused');
    expect(log.map(({ event, target, count }) => [event, target, count])).toEqual([
      ['sign-in.failed', undefined, undefined],
      ['sign-in.succeeded', 'passkey', undefined],
      ['sign-in.new-device', undefined, undefined],
      ['passkey.added', 'Test key', undefined],
      ['recovery-codes.created', undefined, 10],
      ['lead.status-changed', `enquiries/${enquiry}`, undefined],
      ['lead.note-added', `enquiries/${enquiry}`, undefined],
      ['leads.exported', 'enquiries', undefined],
      ['announcement.created', announcement, undefined],
      ['announcement.updated', announcement, undefined],
      ['announcement.deleted', announcement, undefined],
      ['leads.erased', hashedAddress('ravi@example.org'), 1],
      ['lead.deleted', `enquiries/${enquiry}`, undefined],
      ['sign-out', undefined, undefined],
      ['sign-in.succeeded', 'passkey', undefined],
    ]);
    expect(log.map((record) => [record.event, record.ip])).toEqual(
      log.map(({ event }) => [event, IP]),
    );
    // One session from sign-in to sign-out; the next sign-in is another.
    const sessions = log.slice(1, 14).map(({ session }) => session);
    expect(new Set(sessions).size).toBe(1);
    expect(sessions[0]).toMatch(/^[0-9a-f]{16}$/);
    expect(log[14]!.session).not.toBe(sessions[0]);

    // Nothing secret anywhere in the store.
    const store = getStore({ name: AUDIT_STORE, consistency: 'strong' });
    let everything = '';
    for (const { key } of (await store.list()).blobs) everything += await store.get(key);
    for (const secret of [
      ADMIN.password,
      'wrong password',
      token,
      reader,
      'budget confidential',
      'ravi@example.org',
      'asha@example.org',
      ADMIN.username,
      ...recoveryCodes,
      ...recoveryCodes.map((code) => code.replace('-', '')),
    ]) {
      expect(everything).not.toContain(secret);
    }
  }, 90_000);

  it('is for the admin only, filters by event and date, pages, and exports CSV', async () => {
    const { token } = (await (await signIn()).json()) as { token: string };
    expect((await call(auditFn, { path: '/api/audit' })).status).toBe(401);
    const old = Date.parse('2025-03-10T12:00:00Z');
    await audit('sign-in.failed', {}, { ip: IP }, old);
    await audit('sign-in.failed', {}, { ip: IP }, old + 86_400_000);
    expect((await records(token, '?event=sign-in.failed')).length).toBe(2);
    expect(
      (await records(token, '?event=sign-in.failed&from=2025-03-11&to=2025-03-11')).length,
    ).toBe(1);
    const page = await call(auditFn, { path: '/api/audit?pageSize=1&page=2', token });
    // The two failures, each with its hour's counter, and the sign-in: succeeded, new device,
    // passkey added, recovery codes.
    expect(page.headers.get('x-total-count')).toBe('8');
    expect((await page.json()) as unknown[]).toHaveLength(1);
    expect((await call(auditFn, { path: '/api/audit?event=nonsense', token })).status).toBe(400);
    expect((await call(auditFn, { path: '/api/audit?from=yesterday', token })).status).toBe(400);
    const csv = await call(auditFn, { path: '/api/audit.csv?event=sign-in.failed', token });
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    const lines = (await csv.text()).trim().split('\r\n');
    expect(lines[0]).toBe('Time,Event,Target,Count,Client address,Session');
    expect(lines.slice(1)).toEqual([
      `2025-03-11T12:00:00.000Z,sign-in.failed,,,${IP},`,
      `2025-03-10T12:00:00.000Z,sign-in.failed,,,${IP},`,
    ]);
  });

  it('keeps 24 months: the retention job deletes older records', async () => {
    const { token } = (await (await signIn()).json()) as { token: string };
    const month = 31 * 86_400_000;
    await audit('sign-in.failed', {}, { ip: IP }, Date.now() - 25 * month);
    await audit('sign-in.failed', {}, { ip: IP }, Date.now() - 23 * month);
    expect((await retentionFn(new Request('http://localhost/'))).status).toBe(204);
    const left = await records(token, '?event=sign-in.failed');
    expect(left).toHaveLength(1);
    expect(Date.now() - Date.parse(left[0]!.at)).toBeLessThan(24 * month);
    // Deleted, not only left out of the list (which never looks past the kept months).
    const store = getStore({ name: AUDIT_STORE, consistency: 'strong' });
    const times = (await store.list()).blobs.map(({ key }) =>
      Number(key.split('/').pop()!.slice(0, 15)),
    );
    expect(times.filter((time) => Date.now() - time > 24 * month)).toEqual([]);
    expect(times.filter((time) => Date.now() - time > 22 * month)).toHaveLength(2);
  });
});
