/** Valid public submissions for function tests, to send as they are or with overrides. */
import { sampleEnquiry } from '../../scripts/bench-kit.ts';

/** A valid public enquiry (an individual, no renewable energy). */
export const validEnquiry = sampleEnquiry;

export function validContact(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return { email: 'ravi@example.com', name: 'Ravi', message: 'Please call me back.', ...overrides };
}
