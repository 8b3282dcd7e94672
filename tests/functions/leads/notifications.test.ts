/**
 * New enquiries and contact messages are e-mailed to the company when SMTP is configured,
 * after they are stored; a failing mail server never loses or fails a submission.
 */
import { getStore } from '@netlify/blobs';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import contactFn from '../../../functions/contact.ts';
import enquiriesFn from '../../../functions/enquiries.ts';
import { notify } from '../../../functions/_lib/mailer.ts';
import { site } from '../../../src/config/site.ts';
import { call, makeToken, useBlobs } from '../helpers.ts';
import { readableMail as readable } from './outbox-mail-server.ts';
import { deadPort } from '../loopback.ts';
import { validContact, validEnquiry } from '../samples.ts';

useBlobs({ silenceErrors: true });

interface Received {
  from: string;
  to: string[];
  raw: string;
  user: string | undefined;
}

const received: Received[] = [];
let port = 0;
let smtp: SMTPServer;

beforeAll(async () => {
  smtp = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authOptional: true,
    logger: false,
    onAuth(auth, _session, done) {
      if (auth.username === 'mailer' && auth.password === 'secret')
        done(null, { user: auth.username });
      else done(new Error('Invalid username or password'));
    },
    onData(stream, session, done) {
      let raw = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => (raw += chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw,
          user: session.user as string | undefined,
        });
        done();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()));
  port = (smtp.server.address() as { port: number }).port;
});

afterAll(async () => {
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

beforeEach(() => {
  received.length = 0;
  vi.stubEnv('SMTP_HOST', '127.0.0.1');
  vi.stubEnv('SMTP_PORT', String(port));
  vi.stubEnv('SMTP_SECURE', 'false');
  // The office's e-mail only: the sender's acknowledgement has tests of its own.
  vi.stubEnv('ACKNOWLEDGE_SENDER', 'false');
});

async function storedEnquiries(): Promise<number> {
  const res = await call(enquiriesFn, { path: '/api/enquiries', token: await makeToken() });
  return Number(res.headers.get('x-total-count'));
}

describe('with SMTP configured', () => {
  it('e-mails a new enquiry to the company address from site config', async () => {
    const res = await call(enquiriesFn, {
      path: '/api/enquiries',
      json: validEnquiry({ fullName: 'Asha Menon' }),
    });
    expect(res.status).toBe(201);
    expect(received).toHaveLength(1);
    const [mail] = received;
    expect(mail!.to).toEqual([site.email]);
    const text = readable(mail!.raw);
    expect(text).toMatch(/Subject: New generator enquiry from Asha Menon/);
    expect(text).toMatch(/Reply-To: asha@example\.org/);
    expect(text).toContain('Generator Capacity: 10 kWh - 50 kWh');
    expect(text).not.toContain('N/A');
    expect(text).not.toContain('Institution Type:');
  });

  it('e-mails a new contact message to NOTIFY_TO, from SMTP_FROM, authenticating with SMTP_USER/SMTP_PASS', async () => {
    vi.stubEnv('NOTIFY_TO', 'leads@example.net');
    vi.stubEnv('SMTP_FROM', 'website@example.net');
    vi.stubEnv('SMTP_USER', 'mailer');
    vi.stubEnv('SMTP_PASS', 'secret');
    const res = await call(contactFn, {
      path: '/api/contact',
      json: validContact({ message: 'Hello from Kochi' }),
    });
    expect(res.status).toBe(201);
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({
      to: ['leads@example.net'],
      from: 'website@example.net',
      user: 'mailer',
    });
    expect(readable(received[0]!.raw)).toContain('Hello from Kochi');
  });

  it('refuses a line break in a name, and keeps header injection out of any subject', async () => {
    const refused = await call(contactFn, {
      path: '/api/contact',
      json: validContact({ name: 'Eve\r\nBcc: victim@example.org' }),
    });
    expect(refused.status).toBe(400);
    expect(received).toEqual([]);
    // Defence in depth: the mailer flattens whatever subject it is given.
    expect(
      await notify({
        subject: 'New contact message from Eve\r\nBcc: victim@example.org',
        text: 'x',
      }),
    ).toBe('sent');
    expect(received).toHaveLength(1);
    expect(received[0]!.to).toEqual([site.email]);
    const headers = received[0]!.raw.split('\r\n\r\n', 1)[0]!;
    expect(headers).not.toMatch(/^Bcc:/im);
    expect(readable(headers)).toMatch(
      /^Subject: New contact message from Eve Bcc: victim@example\.org$/m,
    );
  });

  it('sends nothing for a rejected or honeypot submission', async () => {
    await call(enquiriesFn, {
      path: '/api/enquiries',
      json: validEnquiry({ emailAddress: 'bad' }),
    });
    await call(enquiriesFn, { path: '/api/enquiries', json: validEnquiry({ website: 'x' }) });
    expect(received).toEqual([]);
  });

  it('hands the sending to waitUntil when the platform offers it', async () => {
    const pending: Promise<unknown>[] = [];
    const res = await call(enquiriesFn, {
      path: '/api/enquiries',
      json: validEnquiry(),
      context: { waitUntil: (promise) => pending.push(promise) },
    });
    expect(res.status).toBe(201);
    // The e-mail's sending only: spent proofs are swept by the hourly upkeep, never here.
    expect(pending).toHaveLength(1);
    await Promise.all(pending);
    expect(received).toHaveLength(1);
  });
});

describe('per deploy context', () => {
  const inContext = (context: string) =>
    call(enquiriesFn, {
      path: '/api/enquiries',
      json: validEnquiry(),
      context: { deploy: { context, id: 'deploy1' } },
    });

  it('e-mails from production and local servers', async () => {
    expect((await inContext('production')).status).toBe(201);
    expect((await inContext('dev')).status).toBe(201);
    expect(received).toHaveLength(2);
  });

  it('sends nothing from deploy previews and branch deploys, and still stores', async () => {
    expect((await inContext('deploy-preview')).status).toBe(201);
    expect((await inContext('branch-deploy')).status).toBe(201);
    expect(received).toEqual([]);
  });

  it('e-mails from previews when NOTIFY_IN_PREVIEWS=true', async () => {
    vi.stubEnv('NOTIFY_IN_PREVIEWS', 'true');
    expect((await inContext('deploy-preview')).status).toBe(201);
    expect((await inContext('branch-deploy')).status).toBe(201);
    expect(received).toHaveLength(2);
  });

  it('reads the CONTEXT variable when the request carries none', async () => {
    vi.stubEnv('CONTEXT', 'deploy-preview');
    await call(contactFn, { path: '/api/contact', json: validContact() });
    expect(received).toEqual([]);
  });
});

describe('retries of one submission', () => {
  it('e-mails once, however often the same Idempotency-Key is sent', async () => {
    const send = () =>
      call(contactFn, {
        path: '/api/contact',
        json: validContact(),
        headers: { 'idempotency-key': 'b7e0c5a2-41f3-4d6e-9a8b-3c2d1e0f9a8b' },
      });
    for (let i = 0; i < 3; i++) expect((await send()).status).toBe(201);
    expect(received).toHaveLength(1);
  });
});

describe('with a failing mail server', () => {
  it('still stores the enquiry and answers 201, keeping the e-mail in the outbox to retry', async () => {
    vi.stubEnv('SMTP_PORT', String(await deadPort()));
    const res = await call(enquiriesFn, { path: '/api/enquiries', json: validEnquiry() });
    expect(res.status).toBe(201);
    expect(await storedEnquiries()).toBe(1);
    const { _id } = (await res.json()) as { _id: string };
    const entry = (await getStore({ name: 'outbox', consistency: 'strong' }).get(
      `enquiries/${_id}/notify`,
      { type: 'json' },
    )) as { state: string; attempts: number; lastError?: string };
    expect(entry).toMatchObject({ state: 'pending', attempts: 1 });
    expect(entry.lastError).toMatch(/ECONNREFUSED/);
    expect(console.error).toHaveBeenCalledWith(`outbox enquiries/${_id}/notify: attempt 1 failed`);
  });

  it('still stores the contact message when authentication is refused', async () => {
    vi.stubEnv('SMTP_USER', 'mailer');
    vi.stubEnv('SMTP_PASS', 'wrong');
    const res = await call(contactFn, { path: '/api/contact', json: validContact() });
    expect(res.status).toBe(201);
    expect(received).toEqual([]);
    expect(console.error).toHaveBeenCalled();
  });
});

describe('without SMTP_HOST', () => {
  it('sends nothing and stores as usual', async () => {
    vi.stubEnv('SMTP_HOST', '');
    expect((await call(enquiriesFn, { path: '/api/enquiries', json: validEnquiry() })).status).toBe(
      201,
    );
    expect(received).toEqual([]);
    expect(console.error).not.toHaveBeenCalled();
  });
});
