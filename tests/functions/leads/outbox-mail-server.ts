/**
 * Mail servers on loopback for the outbox's tests: `MailServer`, a real SMTP server that records
 * each message's Message-ID and recipients, and `HangingServer`, which accepts connections and
 * never answers (a mail server that hangs), telling each connection as it arrives.
 */
import { createServer, type Server, type Socket } from 'node:net';
import { SMTPServer } from 'smtp-server';

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
