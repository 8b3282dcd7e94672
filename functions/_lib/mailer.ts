/**
 * Sending e-mail. Mail is configured when SMTP_HOST is set, and allowed on deploy previews and
 * branch deploys only with NOTIFY_IN_PREVIEWS=true (a reviewer's test submission must not reach
 * the real inbox): `mailSettings` decides both, once. `sendMail` sends one message and throws on
 * any failure (the outbox, outbox.ts, records it and tries again later); `notify` sends at once
 * and reports the outcome, for callers with no outbox.
 */
import { site } from '../../src/config/site.ts';
import { deployScopeOf, readEnv, readPositiveInt } from './env.ts';

export interface Notification {
  subject: string;
  text: string;
  /** The sender's address, when it is safe to put in a header. */
  replyTo?: string;
}

/** A message with its recipient and, from the outbox, its stable Message-ID. */
export interface OutgoingMail extends Notification {
  to: string;
  /** `<…@…>`: the same for every attempt, so a receiver can tell a repeat from a new message. */
  messageId?: string;
}

export type NotifyResult = 'sent' | 'skipped' | 'failed';

// Conservative: only plain addresses go into Reply-To.
const PLAIN_ADDRESS = /^[\w.%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}$/;

export function safeReplyTo(address: string): string | undefined {
  return PLAIN_ADDRESS.test(address) && address.length <= 254 ? address : undefined;
}

/** Whether this deploy context may send e-mail at all. */
export function mailAllowed(deployContext?: string): boolean {
  return deployScopeOf(deployContext) !== 'preview' || readEnv('NOTIFY_IN_PREVIEWS') === 'true';
}

/** How this deploy sends mail; undefined when it sends none (no SMTP_HOST, or a preview). */
export interface MailSettings {
  host: string;
  port: number;
  secure: boolean;
  auth?: { user: string; pass: string };
  from: string;
  /** The office's address: NOTIFY_TO, else the company's. */
  office: string;
  /** How long to wait for the connection and for the server's greeting (SMTP_TIMEOUT_MS). */
  timeoutMs: number;
}

export function mailSettings(deployContext?: string): MailSettings | undefined {
  const host = readEnv('SMTP_HOST');
  if (!host || !mailAllowed(deployContext)) return undefined;
  const secure = readEnv('SMTP_SECURE') === 'true';
  const user = readEnv('SMTP_USER');
  const pass = readEnv('SMTP_PASS');
  return {
    host,
    port: readPositiveInt('SMTP_PORT', secure ? 465 : 587),
    secure,
    ...(user && pass ? { auth: { user, pass } } : {}),
    from: readEnv('SMTP_FROM') ?? user ?? site.email,
    office: readEnv('NOTIFY_TO') ?? site.email,
    timeoutMs: readPositiveInt('SMTP_TIMEOUT_MS', 10_000),
  };
}

/** Header values: no line breaks, bounded length. */
const headerValue = (text: string) => text.replace(/[\r\n\t]+/g, ' ').slice(0, 200);

/** Sends one message; rejects with the server's or the connection's error. */
export async function sendMail(mail: OutgoingMail, settings: MailSettings): Promise<void> {
  // Loaded only when mail is sent: it is the largest import, and every cold start pays for it.
  const { default: nodemailer } = await import('nodemailer');
  const transport = nodemailer.createTransport({
    host: settings.host,
    port: settings.port,
    secure: settings.secure,
    ...(settings.auth ? { auth: settings.auth } : {}),
    connectionTimeout: settings.timeoutMs,
    greetingTimeout: settings.timeoutMs,
    // A server that stops answering mid-message.
    socketTimeout: Math.round(settings.timeoutMs * 1.5),
  });
  try {
    await transport.sendMail({
      from: settings.from,
      to: mail.to,
      subject: headerValue(mail.subject),
      text: mail.text,
      ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
      ...(mail.messageId ? { messageId: mail.messageId } : {}),
    });
  } finally {
    transport.close();
  }
}

/** Sends `message` to the office now: 'skipped' where mail is off, 'failed' (logged) on error. */
export async function notify(message: Notification, deployContext?: string): Promise<NotifyResult> {
  const settings = mailSettings(deployContext);
  if (settings === undefined) return 'skipped';
  try {
    await sendMail({ ...message, to: settings.office }, settings);
    return 'sent';
  } catch (error) {
    console.error('Notification e-mail failed:', error instanceof Error ? error.message : error);
    return 'failed';
  }
}
