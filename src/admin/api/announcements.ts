/** The dashboard's announcements: list, add, update, delete (/api/announcements). */
import type { Announcement, AnnouncementInput } from '../../lib/schemas';
import { jsonOf, send, type Failure } from './client';

const announcementFailed = (action: string) => (failure: Failure) =>
  `Could not ${action} the announcement: ${failure.detail}`;

export async function listAnnouncements(): Promise<Announcement[]> {
  const failed = ({ status }: Failure) =>
    `Failed to load announcements. HTTP error! status: ${status}`;
  const response = await send('/api/announcements', { kind: 'read', failed });
  const items = await jsonOf<unknown>(response, failed);
  return Array.isArray(items) ? (items as Announcement[]) : [];
}

export async function saveAnnouncement(
  input: AnnouncementInput,
  id?: string,
): Promise<Announcement> {
  const failed = announcementFailed(id === undefined ? 'add' : 'update');
  const path =
    id === undefined ? '/api/announcements' : `/api/announcements/${encodeURIComponent(id)}`;
  const response = await send(path, {
    method: id === undefined ? 'POST' : 'PUT',
    body: input,
    kind: 'write',
    failed,
  });
  return jsonOf<Announcement>(response, failed);
}

export async function deleteAnnouncement(id: string): Promise<void> {
  const failed = announcementFailed('delete');
  await send(`/api/announcements/${encodeURIComponent(id)}`, {
    method: 'DELETE',
    kind: 'write',
    failed,
  });
}
