/**
 * Every call of the API contract: the one list the deploy check
 * holds the bundled functions' routes against. `:id` stands for any one path segment.
 */
export interface ApiCall {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: `/api/${string}`;
}

export const API_CONTRACT: readonly ApiCall[] = [
  { method: 'GET', path: '/api/announcements' },
  { method: 'POST', path: '/api/announcements' },
  { method: 'PUT', path: '/api/announcements/:id' },
  { method: 'DELETE', path: '/api/announcements/:id' },
  { method: 'POST', path: '/api/login' },
  { method: 'POST', path: '/api/logout' },
  { method: 'GET', path: '/api/enquiries' },
  { method: 'POST', path: '/api/enquiries' },
  { method: 'GET', path: '/api/enquiries/:id' },
  { method: 'PATCH', path: '/api/enquiries/:id' },
  { method: 'POST', path: '/api/enquiries/:id/notes' },
  { method: 'DELETE', path: '/api/enquiries/:id' },
  { method: 'GET', path: '/api/enquiries.csv' },
  { method: 'POST', path: '/api/contact' },
  { method: 'GET', path: '/api/contact-messages' },
  { method: 'GET', path: '/api/contact-messages/:id' },
  { method: 'PATCH', path: '/api/contact-messages/:id' },
  { method: 'POST', path: '/api/contact-messages/:id/notes' },
  { method: 'DELETE', path: '/api/contact-messages/:id' },
  { method: 'GET', path: '/api/health' },
  { method: 'GET', path: '/api/erasure' },
  { method: 'POST', path: '/api/erasure' },
];

/** A concrete request path for a contract path: each `:param` becomes a sample id. */
export function samplePath(path: string): string {
  return path.replace(/:[A-Za-z]\w*/g, '01J0SAMPLE0ID');
}
