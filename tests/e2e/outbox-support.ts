/**
 * E-mails not delivered, put in the outbox of the server under test. That server sends no e-mail
 * (playwright.config.ts gives it no SMTP_HOST), so it never queues one itself: the entries are
 * written as a failed delivery leaves them, through a Blobs server of this worker on the same data
 * folder (E2E_BLOBS_DIR), with the emulator's corrections (scripts/local-blobs.ts).
 */
import { randomBytes } from 'node:crypto';
import { getStore, type Store } from '@netlify/blobs';
import { test as base } from '@playwright/test';
import {
  pointersOf,
  putNewEntry,
  type OutboxEntry,
} from '../../functions/_lib/repositories/outbox.ts';
import { newId } from '../../functions/_lib/ids.ts';
import { createLocalBlobsServer, localSiteID } from '../../scripts/local-blobs.ts';

const MINUTE = 60_000;

/** What a mail server said to the last attempt. */
const ERRORS = {
  failed: "Can't send mail - all recipients were rejected: 550 5.1.1 Mailbox unavailable",
  pending: 'connect ECONNREFUSED 127.0.0.1:2525',
};

const opened = new Map<string, Promise<Store>>();

/** A site-wide store the server's functions use (local runs are not previews). */
function siteStore(name: string): Promise<Store> {
  let store = opened.get(name);
  if (store === undefined) {
    store = (async () => {
      const directory = process.env['E2E_BLOBS_DIR'];
      if (!directory) throw new Error('E2E_BLOBS_DIR is not set (playwright.config.ts sets it)');
      const token = randomBytes(16).toString('hex');
      const { port } = await createLocalBlobsServer({ directory, token }).start();
      const url = `http://127.0.0.1:${port}`;
      return getStore({
        name,
        siteID: localSiteID(new URL('../..', import.meta.url).pathname),
        token,
        edgeURL: url,
        uncachedEdgeURL: url,
        consistency: 'strong',
      });
    })();
    opened.set(name, store);
  }
  return store;
}

const outboxStore = () => siteStore('outbox');

/** Records a backup made `hoursAgo`, as `npm run backup` does. */
export async function recordBackup(hoursAgo: number): Promise<string> {
  const at = new Date(Date.now() - hoursAgo * 3_600_000).toISOString();
  await (
    await siteStore('health')
  ).setJSON('last-backup', {
    at,
    stores: { enquiries: 3, 'contact-messages': 1 },
    bytes: 4096,
  });
  return at;
}

export interface SeededMail {
  key: string;
  to: string;
  leadId: string;
  lastError?: string;
  nextAttemptAt?: string;
}

export interface MailSeed {
  store: 'enquiries' | 'contact-messages';
  /** 'failed': given up after 3 days; 'pending': still being retried, its lead 20 minutes old. */
  state: 'failed' | 'pending';
  /** Attempts made: 0 leaves no error. */
  attempts?: number;
  /** The office's notification (default) or the sender's acknowledgement. */
  kind?: 'notify' | 'ack';
}

/** A recipient no other test (or the other project running this one) uses. */
const uniqueAddress = () =>
  `office+${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}@example.com`;

/** Writes e-mails into the outbox; `cleanup` deletes what is left of them. */
export class OutboxSeeder {
  private readonly entries = new Map<string, OutboxEntry>();

  async mail({ store, state, attempts = state === 'failed' ? 9 : 1, kind = 'notify' }: MailSeed) {
    const now = Date.now();
    const createdAt = new Date(now - (state === 'failed' ? 3 * 24 * 60 + 5 : 20) * MINUTE);
    const leadId = newId(createdAt.getTime());
    const key = `${store}/${leadId}/${kind}`;
    const to = uniqueAddress();
    const lastError = attempts === 0 ? undefined : ERRORS[state];
    const nextAttemptAt = new Date(now + (state === 'failed' ? -MINUTE : 40 * MINUTE));
    const entry: OutboxEntry = {
      key,
      lead: { store, id: leadId },
      kind,
      mail: {
        to,
        subject: 'New enquiry from E2E',
        text: 'Seeded by tests/e2e/outbox-support.ts',
        messageId: `<${leadId}.${kind}@example.com>`,
      },
      createdAt: createdAt.toISOString(),
      state,
      attempts,
      nextAttemptAt: nextAttemptAt.toISOString(),
      ...(lastError !== undefined && { lastError }),
    };
    // With its index pointers, as the outbox writes it: the list finds entries only through them.
    await putNewEntry(await outboxStore(), entry);
    this.entries.set(key, entry);
    const seeded: SeededMail = { key, to, leadId };
    if (lastError !== undefined) seeded.lastError = lastError;
    if (state !== 'failed') seeded.nextAttemptAt = entry.nextAttemptAt;
    return seeded;
  }

  /** Deletes an e-mail now, as if it had been sent and cleared meanwhile. */
  async remove(key: string): Promise<void> {
    const store = await outboxStore();
    const entry = this.entries.get(key);
    await store.delete(key);
    if (entry !== undefined) await Promise.all(pointersOf(entry).map((at) => store.delete(at)));
  }

  async cleanup(): Promise<void> {
    await Promise.all([...this.entries.keys()].map((key) => this.remove(key)));
  }
}

/** The outbox tests' `test`: its `outbox` fixture deletes what the test seeded once it ends. */
export const test = base.extend<{ outbox: OutboxSeeder }>({
  outbox: async ({}, use) => {
    const seeder = new OutboxSeeder();
    await use(seeder);
    await seeder.cleanup();
  },
});
