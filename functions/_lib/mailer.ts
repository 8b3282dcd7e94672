/**
 * E-mail notifications of new leads. Sent only when SMTP_HOST is set, and on deploy previews and
 * branch deploys only with NOTIFY_IN_PREVIEWS=true (a reviewer's test submission must not reach
 * the real inbox); a failure is logged and never fails the submission (the record is already
 * stored when this runs).
 */
import { site } from '../../src/config/site.ts';
import { deployScopeOf, readEnv, readPositiveInt } from './env.ts';

export interface Notification {
  subject: string;
  text: string;
  /** The sender's address, when it is safe to put in a header. */
  replyTo?: string;
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

export async function notify(message: Notification, deployContext?: string): Promise<NotifyResult> {
  const host = readEnv('SMTP_HOST');
  if (!host || !mailAllowed(deployContext)) return 'skipped';
  const secure = readEnv('SMTP_SECURE') === 'true';
  const user = readEnv('SMTP_USER');
  const pass = readEnv('SMTP_PASS');
  const to = readEnv('NOTIFY_TO') ?? site.email;
  const from = readEnv('SMTP_FROM') ?? user ?? site.email;
  try {
    // Loaded only when mail is configured: it is the largest import, and every cold start pays for it.
    const { default: nodemailer } = await import('nodemailer');
    const transport = nodemailer.createTransport({
      host,
      port: readPositiveInt('SMTP_PORT', secure ? 465 : 587),
      secure,
      ...(user && pass ? { auth: { user, pass } } : {}),
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 15_000,
    });
    await transport.sendMail({
      from,
      to,
      // Header values: no line breaks, bounded length.
      subject: message.subject.replace(/[\r\n\t]+/g, ' ').slice(0, 200),
      text: message.text,
      ...(message.replyTo ? { replyTo: message.replyTo } : {}),
    });
    return 'sent';
  } catch (error) {
    console.error('Notification e-mail failed:', error instanceof Error ? error.message : error);
    return 'failed';
  }
}

/**
 * Sends after the response when the platform allows it (`waitUntil`), else before answering.
 * Never rejects: a failed e-mail must not fail a stored submission.
 */
export async function notifyAfterResponse(
  message: Notification,
  context: { waitUntil?: (promise: Promise<unknown>) => void; deploy?: { context?: string } },
): Promise<void> {
  const sending = notify(message, context.deploy?.context);
  if (context.waitUntil) context.waitUntil(sending);
  else await sending;
}
