/**
 * The e-mails not delivered in the admin: the texts of the warning line, its list and Retry now
 * (src/admin/display/outbox.ts), and the two client calls (listUndelivered, retryMail).
 */
import { describe, expect, it } from 'vitest';
import { useStubbedApi } from './support/stubbed-api.ts';
import { listUndelivered, retryMail } from '../../src/admin/api/mail';
import {
  lastErrorText,
  leadKindName,
  mailKindText,
  mailState,
  nextTryText,
  retryOutcome,
  undeliveredLine,
} from '../../src/admin/display/outbox';
import { formatDate } from '../../src/admin/display/values';

const NOW = Date.parse('2026-03-10T12:00:00.000Z');
const LATER = '2026-03-10T13:00:00.000Z';
const EARLIER = '2026-03-10T11:00:00.000Z';

describe('the warning line', () => {
  it('counts e-mails, singular for one', () => {
    expect(undeliveredLine(1)).toBe('1 e-mail not delivered');
    expect(undeliveredLine(2)).toBe('2 e-mails not delivered');
    expect(undeliveredLine(12)).toBe('12 e-mails not delivered');
    expect(undeliveredLine(50, true)).toBe('At least 50 e-mails not delivered');
  });
});

describe('a row of the list', () => {
  it("names the lead's kind in words; a store it does not know by the store's name", () => {
    expect(leadKindName('enquiries')).toBe('Enquiry');
    expect(leadKindName('contact-messages')).toBe('Contact message');
    expect(mailKindText({ kind: 'notify' })).toBe('Notification to the office');
    expect(mailKindText({ kind: 'ack' })).toBe('Acknowledgement to the sender');
    expect(mailKindText({ kind: 'alert' })).toBe('Security alert to the admin');
    expect(leadKindName('security')).toBe('Security alert');
    expect(leadKindName('site-visits')).toBe('site-visits');
  });

  it("says 'Given up' for a failed e-mail, 'Retrying' while the schedule still tries", () => {
    expect(mailState({ state: 'failed' })).toBe('Given up');
    expect(mailState({ state: 'pending' })).toBe('Retrying');
    expect(mailState({ state: 'sending' })).toBe('Retrying');
  });

  it("shows the last error, or 'No attempt yet'", () => {
    expect(lastErrorText({ lastError: '421 Try again later' })).toBe('421 Try again later');
    expect(lastErrorText({})).toBe('No attempt yet');
  });

  it("dates the next try like the admin's other dates, '(due now)' once past, 'None' if given up", () => {
    expect(nextTryText({ state: 'pending', nextAttemptAt: LATER }, NOW)).toBe(formatDate(LATER));
    expect(nextTryText({ state: 'pending', nextAttemptAt: EARLIER }, NOW)).toBe(
      `${formatDate(EARLIER)} (due now)`,
    );
    expect(nextTryText({ state: 'failed' }, NOW)).toBe('None');
    expect(nextTryText({ state: 'pending' }, NOW)).toBe('None');
  });
});

describe('what Retry now says', () => {
  const mail = { to: 'office@example.com' };

  it('names the recipient once sent, or while the server is still sending', () => {
    expect(retryOutcome('sent', mail)).toBe('The e-mail to office@example.com was sent.');
    expect(retryOutcome('sending', mail)).toBe(
      'The e-mail to office@example.com is still being sent; the list will show how it went.',
    );
  });

  it("gives a failure's error and the next try, read from the list again", () => {
    expect(
      retryOutcome('retry', mail, { lastError: 'connect ECONNREFUSED', nextAttemptAt: LATER }),
    ).toBe(
      `Still not delivered: connect ECONNREFUSED. It will be tried again on ${formatDate(LATER)}.`,
    );
    expect(retryOutcome('retry', mail)).toBe('Still not delivered. It will be tried again later.');
    expect(retryOutcome('failed', mail, { lastError: '550 No such user' })).toBe(
      'Still not delivered: 550 No such user. Its 3 days of retries are over: it will not be ' +
        'tried again unless you press Retry now.',
    );
  });
});

describe('the client calls', () => {
  const api = useStubbedApi();

  it('listUndelivered reads the list with the token; a failure says what and the status', async () => {
    const mail = { key: 'enquiries/01J0SAMPLE0ID0000000000000/notify', to: 'office@example.com' };
    api.answer = () => Response.json({ undelivered: [mail] });
    await expect(listUndelivered()).resolves.toEqual({ mails: [mail] });
    expect(api.requests[0]?.url).toBe('/api/outbox');
    expect(new Headers(api.requests[0]?.init.headers).get('authorization')).toBe('Bearer token');

    // A page with more after it, and the next page asked for by the cursor given.
    const next = '_unsent/1767225600000_enquiries~01J0SAMPLE0ID0000000000000~notify';
    api.answer = () => Response.json({ undelivered: [mail], next });
    await expect(listUndelivered()).resolves.toEqual({ mails: [mail], next });
    api.answer = () => Response.json({ undelivered: [] });
    await expect(listUndelivered(next)).resolves.toEqual({ mails: [] });
    expect(api.requests.at(-1)?.url).toBe(`/api/outbox?after=${encodeURIComponent(next)}`);

    api.answer = () => Response.json({ error: 'Internal error.' }, { status: 500 });
    await expect(listUndelivered()).rejects.toMatchObject({
      message: 'Failed to load the e-mails not delivered. HTTP error! status: 500',
    });
    api.answer = () => Response.json({ nothing: true });
    await expect(listUndelivered()).rejects.toMatchObject({ status: 200 });
  });

  it('retryMail posts the key and returns the result; 404 and 409 in the server’s words', async () => {
    api.answer = () => Response.json({ result: 'retry' });
    await expect(retryMail('enquiries/x/notify')).resolves.toBe('retry');
    expect(api.requests[0]?.init).toMatchObject({
      method: 'POST',
      body: JSON.stringify({ key: 'enquiries/x/notify' }),
    });

    const sent = 'This e-mail was sent already.';
    api.answer = () => Response.json({ error: sent }, { status: 409 });
    await expect(retryMail('k')).rejects.toMatchObject({ message: sent, status: 409 });
    api.answer = () => Response.json({ error: 'Internal error.' }, { status: 500 });
    await expect(retryMail('k')).rejects.toMatchObject({
      message: 'Could not send the e-mail: Internal error.',
    });
    api.answer = () => Response.json({ result: 'maybe' });
    await expect(retryMail('k')).rejects.toMatchObject({
      message: 'Could not send the e-mail: unreadable answer',
    });
  });
});
