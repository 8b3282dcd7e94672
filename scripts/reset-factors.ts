/**
 * `npm run admin:reset-factors [-- --previews]`: the operator's way back in when the admin has
 * lost every passkey, the authenticator app and the recovery codes. Deletes them all from the
 * admin's security store (production's, or with `--previews` the one all previews share), so
 * the next sign-in sets up a new passkey after the password; sessions stay as they are (end
 * them from the admin once in). Writes a `factors.reset` record to the audit log, and queues an
 * alert to ADMIN_EMAIL where that is set. Reads a real site with NETLIFY_SITE_ID and
 * NETLIFY_AUTH_TOKEN, else the local data of `npm start` (scripts/backup-target.ts).
 */
import { hostname, userInfo } from 'node:os';
import { parseArgs } from 'node:util';
import { auditRecord, AUDIT_STORE } from '../functions/_lib/audit.ts';
import { alertText } from '../functions/_lib/factors/alerts.ts';
import { messageIdOf } from '../functions/_lib/outbox.ts';
import {
  OUTBOX_STORE,
  outboxKey,
  putNewEntry,
  type OutboxEntry,
} from '../functions/_lib/repositories/outbox.ts';
import { SECURITY_STORE, removeFactors } from '../functions/_lib/repositories/admin-security.ts';
import { openTarget } from './backup-target.ts';

const root = new URL('..', import.meta.url).pathname;
const { values } = parseArgs({ options: { previews: { type: 'boolean', default: false } } });
try {
  process.loadEnvFile(`${root}.env`);
} catch {
  // No .env: the environment alone.
}

const target = await openTarget(root);
try {
  const store = target.storeOf(values.previews ? `preview-${SECURITY_STORE}` : SECURITY_STORE);
  const removed = await removeFactors(store);

  const now = Date.now();
  const who = `operator ${userInfo().username}@${hostname()}`.slice(0, 120);
  const record = auditRecord('factors.reset', { target: who, count: removed }, {}, now);
  await target.storeOf(AUDIT_STORE).setJSON(record.id, record, { onlyIfNew: true });

  const to = process.env['ADMIN_EMAIL'];
  if (to) {
    const at = new Date(now).toISOString();
    const id = `factors-reset-${now.toString(36)}`;
    const mail = alertText(
      'factors-reset',
      { detail: `Reset by the ${who}.` },
      {
        at: at.replace('T', ' ').slice(0, 19),
      },
    );
    const key = outboxKey('security', id, 'alert');
    const from = process.env['SMTP_FROM'] ?? process.env['SMTP_USER'] ?? to;
    const entry: OutboxEntry = {
      key,
      lead: { store: 'security', id },
      kind: 'alert',
      mail: { ...mail, to, messageId: messageIdOf(id, 'alert', from) },
      createdAt: at,
      state: 'pending',
      attempts: 0,
      nextAttemptAt: at,
    };
    // With its index pointers: the schedule finds due e-mails only through them.
    await putNewEntry(target.storeOf(OUTBOX_STORE), entry);
  }
  console.log(
    `Removed ${removed} sign-in factor record(s) from ${target.label}` +
      `${values.previews ? ' (previews)' : ''}. The next admin sign-in sets up a new passkey.` +
      `\nLogged as factors.reset in the audit log${to ? `; alert queued to ${to}` : ''}.`,
  );
} finally {
  await target.close();
}
