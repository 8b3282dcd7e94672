/** The Spam / held room: held submissions (GET /api/held), Not spam and Delete (POST /api/held/<id>). */
import type { HeldAction, HeldSubmission } from '../../lib/held';
import { listFailed, page, send, type Failure, type Page } from './client';

/** One page of the held submissions, newest first, with their number. */
export function listHeld(pageNumber: number, pageSize: number): Promise<Page<HeldSubmission>> {
  return page<HeldSubmission>(
    '/api/held',
    new URLSearchParams(),
    pageNumber,
    pageSize,
    listFailed('the held submissions'),
  );
}

/** Not spam (`accept`: it becomes a lead and is announced) or `delete`; a 4xx in the server's words. */
export async function decideHeld(id: string, action: HeldAction): Promise<void> {
  const failed = ({ status, detail }: Failure) =>
    status >= 400 && status < 500
      ? detail
      : `Could not ${action === 'accept' ? 'accept' : 'delete'} it: ${detail}`;
  await send(`/api/held/${encodeURIComponent(id)}`, {
    method: 'POST',
    body: { action },
    kind: 'write',
    failed,
  });
}
