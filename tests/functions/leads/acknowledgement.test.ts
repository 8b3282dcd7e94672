/**
 * The acknowledgement to the sender (functions/_lib/acknowledgement.ts), end to end against SMTP
 * servers on loopback: what it says, that it carries no link, address or markup of the sender's,
 * its limits (1 per recipient, 3 per client address an hour, also under simultaneous requests),
 * its switch, erasure of its places, and servers that refuse, hang, or greet and then drop the
 * connection (the e-mail stays in the outbox with the error, to be tried again).
 */
import { writeFileSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { getStore } from '@netlify/blobs';
import { SMTPServer } from 'smtp-server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import contactMessagesFn from '../../../functions/contact-messages.ts';
import contactFn from '../../../functions/contact.ts';
import enquiriesFn from '../../../functions/enquiries.ts';
import erasureFn from '../../../functions/erasure.ts';
import { mayAcknowledge, referenceOf } from '../../../functions/_lib/acknowledgement.ts';
import { deliverDue, type OutboxEntry } from '../../../functions/_lib/outbox.ts';
import { site } from '../../../src/config/site.ts';
import type { ContactMessage } from '../../../src/lib/schemas/index.ts';
import { useFaultyBlobs } from '../faulty-blobs.ts';
import { call, makeToken, useBlobs } from '../helpers.ts';
import { readableMail as readable } from './outbox-mail-server.ts';
import { deadPort } from '../loopback.ts';
import { validContact, validEnquiry } from '../samples.ts';

const blobs = useBlobs({ silenceErrors: true });
const faulty = useFaultyBlobs(blobs);

interface Mail {
  to: string[];
  raw: string;
}

let received: Mail[] = [];
let smtp: SMTPServer | undefined;
let other: Server | undefined;
const sockets = new Set<Socket>();

async function startSmtp(options: { refuse?: boolean } = {}): Promise<number> {
  smtp = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(_address, _session, done) {
      if (options.refuse)
        done(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
      else done();
    },
    onData(stream, session, done) {
      let raw = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => (raw += chunk));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map(({ address }) => address), raw });
        done();
      });
    },
  });
  await new Promise<void>((resolve) => smtp!.listen(0, '127.0.0.1', resolve));
  return (smtp.server.address() as { port: number }).port;
}

/** A TCP server that does something no mail server should, on loopback. */
async function startBroken(behaviour: 'hang' | 'greet-then-drop'): Promise<number> {
  other = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
    if (behaviour === 'greet-then-drop') {
      socket.write('220 mail.example ESMTP\r\n');
      socket.once('data', () => socket.destroy());
    }
  });
  await new Promise<void>((resolve) => other!.listen(0, '127.0.0.1', resolve));
  return (other.address() as { port: number }).port;
}

/**
 * Mail to the server on `port`. A working one gets a timeout no busy machine reaches (a delivery
 * that outlasted it would be left for the next run, and the test would miss its e-mail); one that
 * hangs on purpose, a short one.
 */
function useMail(port: number, timeoutMs = 10_000) {
  vi.stubEnv('SMTP_HOST', '127.0.0.1');
  vi.stubEnv('SMTP_PORT', String(port));
  vi.stubEnv('SMTP_SECURE', 'false');
  vi.stubEnv('SMTP_TIMEOUT_MS', String(timeoutMs));
}

beforeEach(() => {
  received = [];
});

afterEach(async () => {
  for (const socket of sockets) socket.destroy();
  if (smtp) await new Promise<void>((resolve) => smtp!.close(() => resolve()));
  if (other) await new Promise<void>((resolve) => other!.close(() => resolve()));
  smtp = undefined;
  other = undefined;
});

const acks = () => received.filter(({ to }) => !to.includes(site.email));

const enquire = (fields: Record<string, unknown> = {}, ip = '203.0.113.7') =>
  call(enquiriesFn, { path: '/api/enquiries', json: validEnquiry(fields), ip });
const message = (fields: Record<string, unknown> = {}, ip = '203.0.113.7') =>
  call(contactFn, { path: '/api/contact', json: validContact(fields), ip });

/** How many acknowledgements are in the outbox (sent or not). */
async function queuedAcks(): Promise<number> {
  const outbox = getStore({ name: 'outbox', consistency: 'strong' });
  const entries = await Promise.all(
    (await outbox.list()).blobs.map(({ key }) => outbox.get(key, { type: 'json' })),
  );
  return entries.filter((entry) => (entry as { kind?: string } | null)?.kind === 'ack').length;
}

/** Mail is on, but no server answers: what is queued is counted, and nothing waits on SMTP. */
const queueOnly = async () => useMail(await deadPort());

/** Every stored contact message, as the admin reads them. */
async function storedMessages() {
  const res = await call(contactMessagesFn, {
    path: '/api/contact-messages?pageSize=100',
    token: await makeToken(),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as ContactMessage[];
}

const outboxEntry = async (key: string) =>
  (await getStore({ name: 'outbox', consistency: 'strong' }).get(key, {
    type: 'json',
  })) as OutboxEntry | null;

describe('what the sender gets', () => {
  it('thanks, the reference, what happens next, a copy, our details and the privacy policy', async () => {
    useMail(await startSmtp());
    const res = await enquire({ fullName: 'Asha Menon', emailAddress: 'asha@example.org' });
    expect(res.status).toBe(201);
    const {
      _id,
      reference: answered,
      acknowledged,
    } = (await res.json()) as {
      _id: string;
      reference: string;
      acknowledged: boolean;
    };
    // The page's confirmation says the reference the e-mail quotes, and that it was sent.
    expect(answered).toBe(referenceOf(_id));
    expect(acknowledged).toBe(true);
    expect(received.map(({ to }) => to)).toEqual(
      expect.arrayContaining([[site.email], ['asha@example.org']]),
    );
    const ack = readable(acks()[0]!.raw);
    const reference = referenceOf(_id);
    expect(ack).toMatch(
      new RegExp(
        `^Subject: We have received your generator enquiry \\(ref\\. ${reference}\\)$`,
        'm',
      ),
    );
    expect(ack).toMatch(/^Content-Type: text\/plain/m);
    expect(ack).toMatch(new RegExp(`^Message-ID: <${_id}\\.ack@`, 'm'));
    for (const text of [
      'Dear Asha Menon,',
      `Your reference: ${reference}.`,
      'One of our engineers will reply within one working day',
      'Generator Capacity: 10 kWh - 50 kWh',
      'Thank you for writing to us. We have received your generator enquiry,',
      site.phone.display,
      'http://localhost:8888/privacy-policy',
    ]) {
      expect(ack).toContain(text);
    }
    // The note quotes one (tests write it where the closing note can take it from).
    if (process.env['ACK_SAMPLE']) writeFileSync(process.env['ACK_SAMPLE'], ack);
  });

  it("quotes none of the sender's words but a name cut to letters (the office's copy keeps them)", async () => {
    useMail(await startSmtp());
    const text =
      'Please visit https://evil.example/win and www.evil.example or evil.example/x, ' +
      'write to bob@evil.example, <a href="//evil.example">here</a> <b>now</b>.';
    const sent = { message: text, email: 'victim@example.org', name: 'Win at evil.example/x' };
    expect((await message(sent)).status).toBe(201);
    const ack = readable(acks()[0]!.raw);
    expect(acks()[0]!.to).toEqual(['victim@example.org']);
    const body = ack.slice(ack.indexOf('\n\n'));
    expect(body).not.toMatch(/evil\.|<a|<b>|href|Please visit|victim@/i);
    expect(ack).toContain('Dear Win at evil example x,');
    const office = readable(received.find(({ to }) => to.includes(site.email))!.raw);
    expect(office).toContain('https://evil.example/win');
  });

  it('is not sent with ACKNOWLEDGE_SENDER=false', async () => {
    useMail(await startSmtp());
    vi.stubEnv('ACKNOWLEDGE_SENDER', 'false');
    expect((await enquire()).status).toBe(201);
    expect(received.map(({ to }) => to)).toEqual([[site.email]]);
  });
});

describe('limits', () => {
  it('one per recipient an hour: a second form from the same address is stored, not acknowledged', async () => {
    useMail(await startSmtp());
    expect((await enquire({}, '198.51.100.1')).status).toBe(201);
    const second = await message({ email: 'ASHA@example.org' }, '198.51.100.2');
    expect(second.status).toBe(201);
    // The page does not claim an acknowledgement that was not sent.
    expect(((await second.json()) as { acknowledged: boolean }).acknowledged).toBe(false);
    expect(acks()).toHaveLength(1);
    expect(received.filter(({ to }) => to.includes(site.email))).toHaveLength(2);
    // An hour on, there is a place again.
    expect(await mayAcknowledge('asha@example.org', undefined, Date.now() + 3_600_000 + 1)).toBe(
      true,
    );
  });

  it('three per client address an hour, also when five arrive at once', async () => {
    useMail(await startSmtp());
    const results = await Promise.all(
      [1, 2, 3, 4, 5].map((n) => message({ email: `sender${n}@example.org` }, '198.51.100.9')),
    );
    expect(results.map(({ status }) => status)).toEqual([201, 201, 201, 201, 201]);
    expect(acks()).toHaveLength(3);
    expect(received.filter(({ to }) => to.includes(site.email))).toHaveLength(5);
  });

  it('one per recipient when five forms of one address arrive at once', async () => {
    useMail(await startSmtp());
    await Promise.all([1, 2, 3, 4, 5].map((n) => message({}, `198.51.100.${n}`)));
    expect(acks()).toHaveLength(1);
  });

  it('counts a mailbox once however it is spelled: tags, case, Gmail dots and googlemail.com', async () => {
    useMail(await startSmtp());
    const spellings = [
      'victim@gmail.com',
      'victim+1@gmail.com',
      'Victim+2@GMAIL.com',
      'v.i.c.t.i.m@googlemail.com',
      'VICTIM+x@googlemail.com',
    ];
    for (const [n, email] of spellings.entries()) {
      expect((await message({ email }, `198.51.100.${n + 1}`)).status).toBe(201);
    }
    expect(acks()).toHaveLength(1);
    expect(received.filter(({ to }) => to.includes(site.email))).toHaveLength(spellings.length);
    const skipped = (await storedMessages()).filter(({ acknowledgement }) => acknowledgement);
    expect(skipped).toHaveLength(spellings.length - 1);
    for (const { acknowledgement } of skipped) {
      expect(acknowledgement).toMatchObject({ state: 'skipped', reason: 'recipient' });
    }
  });

  it("Yahoo's '-' tags are one mailbox; elsewhere mary-jane@ and mary@ are two", async () => {
    useMail(await startSmtp());
    await message({ email: 'asha@yahoo.com' }, '198.51.100.1');
    await message({ email: 'asha-shop@yahoo.com' }, '198.51.100.2');
    await message({ email: 'mary@example.net' }, '198.51.100.3');
    await message({ email: 'mary-jane@example.net' }, '198.51.100.4');
    expect(acks().map(({ to }) => to[0])).toEqual([
      'asha@yahoo.com',
      'mary@example.net',
      'mary-jane@example.net',
    ]);
  });

  it('at most ACK_MAX_PER_HOUR (default 30) in all, when 60 arrive at once from 60 addresses', async () => {
    await queueOnly();
    const sent = Array.from({ length: 60 }, (_, n) =>
      message({ email: `sender${n}@domain${n}.example` }, `198.51.${Math.floor(n / 250)}.${n}`),
    );
    expect(new Set((await Promise.all(sent)).map(({ status }) => status))).toEqual(new Set([201]));
    expect(await queuedAcks()).toBe(30);
    const stored = await storedMessages();
    expect(stored).toHaveLength(60);
    const skipped = stored.filter(({ acknowledgement }) => acknowledgement);
    expect(skipped).toHaveLength(30);
    for (const { acknowledgement } of skipped)
      expect(acknowledgement).toMatchObject({ reason: 'site' });
  });

  it('at most ACK_MAX_PER_DOMAIN_PER_HOUR (default 10) to one domain and its subdomains, also at once', async () => {
    await queueOnly();
    const sent = Array.from({ length: 20 }, (_, n) =>
      message(
        { email: n % 2 ? `person${n}@corp.example` : `person${n}@mail${n}.corp.example` },
        `198.51.100.${n + 1}`,
      ),
    );
    await Promise.all(sent);
    expect(await queuedAcks()).toBe(10);
    const skipped = (await storedMessages()).filter(({ acknowledgement }) => acknowledgement);
    expect(skipped.map(({ acknowledgement }) => acknowledgement?.reason)).toEqual(
      Array.from({ length: 10 }, () => 'domain'),
    );
  });

  it('the limits are configurable', async () => {
    useMail(await startSmtp());
    vi.stubEnv('ACK_MAX_PER_HOUR', '3');
    vi.stubEnv('ACK_MAX_PER_DOMAIN_PER_HOUR', '2');
    for (let n = 1; n <= 3; n++) await message({ email: `p${n}@one.example` }, `198.51.100.${n}`);
    for (let n = 4; n <= 6; n++) await message({ email: `p${n}@two.example` }, `198.51.100.${n}`);
    expect(acks().map(({ to }) => to[0])).toEqual([
      'p1@one.example',
      'p2@one.example',
      'p4@two.example',
    ]);
  });

  it('a keyed retry of a lead whose acknowledgement was skipped gets that lead again', async () => {
    useMail(await startSmtp());
    await message({}, '198.51.100.1');
    const keyed = () =>
      call(contactFn, {
        path: '/api/contact',
        json: validContact(),
        ip: '198.51.100.2',
        headers: { 'idempotency-key': 'retry-of-a-skipped-acknowledgement' },
      });
    const first = await keyed();
    expect(first.status).toBe(201);
    const again = await keyed();
    expect(again.status).toBe(201);
    // The retry is answered as the first try was: the same lead, and still not acknowledged.
    const firstBody = (await first.json()) as { _id: string; acknowledged: boolean };
    expect(firstBody.acknowledged).toBe(false);
    expect(await again.json()).toEqual(firstBody);
    expect(acks()).toHaveLength(1);
  });

  it("an erasure removes the address's places", async () => {
    useMail(await startSmtp());
    await message({ email: 'asha@example.org' });
    const places = getStore({ name: 'ack-limits', consistency: 'strong' });
    const mailboxPlaces = async () =>
      (await places.list()).blobs.filter(({ key }) => key.split('/')[1] === 'to');
    expect(await mailboxPlaces()).toHaveLength(1);
    const token = await makeToken();
    const preview = await call(erasureFn, { path: '/api/erasure?email=asha@example.org', token });
    const { ids } = (await preview.json()) as { ids: string[] };
    const erased = await call(erasureFn, {
      path: '/api/erasure',
      token,
      json: { email: 'asha@example.org', ids },
    });
    expect(erased.status).toBe(200);
    expect(await mailboxPlaces()).toEqual([]);
    // The site's and the domain's counts name no one, and stay.
    expect((await places.list()).blobs.length).toBeGreaterThan(0);
    // Every e-mail of the address left the outbox too.
    expect((await getStore({ name: 'outbox', consistency: 'strong' }).list()).blobs).toEqual([]);
  });
});

describe('mail servers that fail', () => {
  const expectKept = async (res: Response, error: RegExp) => {
    expect(res.status).toBe(201);
    const { _id } = (await res.json()) as { _id: string };
    const entry = await outboxEntry(`contact-messages/${_id}/ack`);
    expect(entry).toMatchObject({ state: 'pending', attempts: 1 });
    expect(entry!.lastError).toMatch(error);
  };

  it('one that refuses the recipient', async () => {
    useMail(await startSmtp({ refuse: true }));
    await expectKept(await message(), /550|unavailable/i);
  });

  it('one that accepts the connection and never answers', async () => {
    useMail(await startBroken('hang'), 300);
    await expectKept(await message(), /timeout|greeting/i);
  });

  it('one that greets, then drops the connection', async () => {
    useMail(await startBroken('greet-then-drop'), 300);
    await expectKept(await message(), /closed|ECONNRESET|unexpected/i);
  });

  it('none at all', async () => {
    useMail(await deadPort());
    await expectKept(await message(), /ECONNREFUSED/);
  });
});

describe('when the limits cannot be read', () => {
  it('the lead is stored and the office e-mailed once; only the acknowledgement is lost', async () => {
    useMail(await startSmtp());
    faulty.inject({ path: /ack-limits/, fault: { kind: 'refuse', status: 503 } });
    expect((await message()).status).toBe(201);
    blobs.restore();
    expect(received.map(({ to }) => to)).toEqual([[site.email]]);
    // Nothing is left in the outbox to send it a second time.
    await deliverDue(undefined, { clock: () => Date.now() + 60 * 60_000 });
    expect(received.map(({ to }) => to)).toEqual([[site.email]]);
  });
});
