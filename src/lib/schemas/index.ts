/**
 * Runtime input rules, one module per entity; shared by islands and functions.
 * Nothing here may import server or UI code.
 */
export * from './fields.ts';
export * from './numbers.ts';
export * from './announcement.ts';
export * from './contact.ts';
export * from './enquiry.ts';
export * from './follow-up.ts';
export * from './login.ts';
export * from './factors.ts';
export * from './erasure.ts';
export * from './search.ts';
export * from './outbox.ts';
export * from './choices.ts';
export * from './mailbox.ts';
export * from './acknowledgement.ts';
export * from './application.ts';
