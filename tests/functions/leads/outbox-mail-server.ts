/**
 * Mail servers on loopback for the outbox's tests: `MailServer`, a real SMTP server that records
 * each message's Message-ID and recipients, and `HangingServer`, which accepts connections and
 * never answers (a mail server that hangs), telling each connection as it arrives.
 */
import { createServer, type Server, type Socket } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterEach, beforeEach, vi } from 'vitest';
import { deadPort } from '../loopback.ts';

/** A mail server on a fixed loopback port, started and stopped at will. */
export class MailServer {
  received: { messageId: string; to: string[] }[] = [];
  port = 0;
  private server: SMTPServer | undefined;

  async start(): Promise<void> {
    this.server = new SMTPServer({
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData: (stream, session, done) => {
        let raw = '';
        stream.setEncoding('utf8');
        stream.on('data', (chunk: string) => (raw += chunk));
        stream.on('end', () => {
          this.received.push({
            messageId: /^Message-ID: (.*)$/im.exec(raw)?.[1]?.trim() ?? '',
            to: session.envelope.rcptTo.map(({ address }) => address),
          });
          done();
        });
      },
    });
    await new Promise<void>((resolve) => this.server!.listen(this.port, '127.0.0.1', resolve));
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

/**
 * A fresh `MailServer` for each test, on a free port it does not listen on yet (`start()` brings
 * the mail server up), with the SMTP environment pointed at it; stopped after each test.
 */
export function useMailServer(): () => MailServer {
  let mail = new MailServer();
  beforeEach(async () => {
    mail = new MailServer();
    mail.port = await deadPort();
    vi.stubEnv('SMTP_HOST', '127.0.0.1');
    vi.stubEnv('SMTP_PORT', String(mail.port));
    vi.stubEnv('SMTP_SECURE', 'false');
  });
  afterEach(async () => {
    await mail.stop();
  });
  return () => mail;
}

/** Accepts connections and says nothing; `onConnection` runs as each arrives. */
export class HangingServer {
  port = 0;
  onConnection: () => void = () => {};
  private readonly sockets = new Set<Socket>();
  private readonly server: Server = createServer((socket) => {
    this.sockets.add(socket);
    socket.on('error', () => {});
    this.onConnection();
  });

  async start(): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    const address = this.server.address();
    this.port = typeof address === 'object' && address !== null ? address.port : 0;
  }

  /** Drops every connection (the client's send fails) and stops listening. */
  async stop(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

/** Unfolds and decodes enough of a MIME message (quoted-printable, CRLF) to read its headers and text. */
export function readableMail(raw: string): string {
  const unfolded = raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(unfolded, 'latin1').toString('utf8').replace(/\r\n/g, '\n');
}
