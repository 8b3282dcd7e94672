import type { APIRequestContext } from '@playwright/test';
import type { AuditEvent } from '../../src/lib/audit-events';
import { expect, sharedAdminToken } from './admin-support';

/** What the admin's actions leave in the audit log (functions/_lib/audit.ts). */
interface AuditRecord {
  at: string;
  event: string;
  target?: string;
}

interface Sought {
  event: AuditEvent;
  /** As the function records it: `enquiries/<id>`, an announcement's id, `enquiries` for a CSV. */
  target: string;
  /** Only records from this time (epoch ms) on: for targets other tests share, a CSV export. */
  since?: number;
}

const PAGE_SIZE = 100;

/**
 * Whether GET /api/audit?event=… lists a record of `target` (newest first, paged through until
 * found). The record is written before the action's answer, so no waiting is needed.
 */
export async function auditHas(
  request: APIRequestContext,
  { event, target, since = 0 }: Sought,
): Promise<boolean> {
  const headers = { Authorization: `Bearer ${await sharedAdminToken(request)}` };
  for (let page = 1; ; page += 1) {
    const query = new URLSearchParams({ event, page: String(page), pageSize: String(PAGE_SIZE) });
    const response = await request.get(`/api/audit?${query}`, { headers });
    expect(response.status(), await response.text()).toBe(200);
    const records = (await response.json()) as AuditRecord[];
    if (records.some((record) => record.target === target && Date.parse(record.at) >= since)) {
      return true;
    }
    // Newest first: past `since`, older pages cannot hold it.
    const oldest = records.at(-1);
    if (oldest === undefined || Date.parse(oldest.at) < since) return false;
    if (page * PAGE_SIZE >= Number(response.headers()['x-total-count'])) return false;
  }
}
