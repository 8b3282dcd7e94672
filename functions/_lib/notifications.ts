/** The e-mails sent for new enquiries and contact messages. */
import { ENQUIRY, fieldsOf } from '../../src/lib/leads/index.ts';
import type { ContactMessage, Enquiry } from '../../src/lib/schemas/index.ts';
import { safeReplyTo, type Notification } from './mailer.ts';

function show(value: unknown): string {
  if (Array.isArray(value)) return value.length ? value.join(', ') : 'N/A';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  return typeof value === 'string' && value !== '' ? value : 'N/A';
}

export function enquiryNotification(enquiry: Enquiry): Notification {
  const lines = fieldsOf(ENQUIRY).map(
    (field) => `${ENQUIRY.labels[field]}: ${show(enquiry[field])}`,
  );
  const replyTo = safeReplyTo(enquiry.emailAddress);
  return {
    subject: `New generator enquiry from ${enquiry.fullName}`,
    text: [`Received ${enquiry.createdAt} (id ${enquiry._id}).`, '', ...lines].join('\n'),
    ...(replyTo ? { replyTo } : {}),
  };
}

export function contactNotification(message: ContactMessage): Notification {
  const replyTo = safeReplyTo(message.email);
  return {
    subject: `New contact message from ${message.name}`,
    text: [
      `Received ${message.createdAt} (id ${message._id}).`,
      '',
      `Name: ${message.name}`,
      `Email: ${message.email}`,
      '',
      message.message,
    ].join('\n'),
    ...(replyTo ? { replyTo } : {}),
  };
}
