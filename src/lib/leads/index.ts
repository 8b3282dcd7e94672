/** Every kind of lead the site takes (kind.ts). */
export * from './kind.ts';
export { ENQUIRY } from './enquiry.ts';
export { MESSAGE } from './message.ts';
