/**
 * A CV larger than one part sent ahead of its form, part by part (Netlify takes about 4.5 MB of
 * binary in one request; functions/_lib/repositories/cv-parts.ts): each part but the last goes to
 * `<form's action>/parts` under the submission's key, and the form then carries the last piece
 * with the parts' token. A retry sends the same parts again under the same key, which the server
 * finds already there.
 */
import { CV_PART_BYTES } from '../schemas/application';

export type SentAhead =
  { ok: true; last: File; token?: string; count: number } | { ok: false; status: number };

export async function sendAhead(action: string, key: string, file: File): Promise<SentAhead> {
  const count = Math.ceil(file.size / CV_PART_BYTES) - 1;
  if (count <= 0) return { ok: true, last: file, count: 0 };
  let token: string | undefined;
  for (let part = 0; part < count; part++) {
    const hour = token === undefined ? '' : `&hour=${token.split('.')[0]}`;
    const url = `${action}/parts?upload=${encodeURIComponent(key)}&part=${part}${hour}`;
    let response: Response;
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/octet-stream', Accept: 'application/json' },
        body: file.slice(part * CV_PART_BYTES, (part + 1) * CV_PART_BYTES),
      });
    } catch {
      return { ok: false, status: 0 };
    }
    if (!response.ok) return { ok: false, status: response.status };
    token = ((await response.json()) as { token: string }).token;
  }
  const last = new File([file.slice(count * CV_PART_BYTES)], file.name, { type: file.type });
  return { ok: true, last, count, ...(token === undefined ? {} : { token }) };
}
