/**
 * The admin's decisions on held submissions (hold.ts): "Not spam" makes one a lead of its kind
 * and announces it then; "Delete" removes it. Also the retention of held submissions
 * (HELD_DAYS) and the office's daily line about them.
 *
 * Accept is safe to repeat and to race: the lead is created under an idempotency key made of
 * the held id (timeline.ts `submit`), so of any number of concurrent accepts one writes the lead
 * and the others find it (`replayed`), and only the one that wrote it queues its e-mails. The
 * office is always notified; the sender is acknowledged only when the submission is less than
 * ACK_WITHIN_MS old (a day later a "we received your message" reads as spam itself, and the
 * office answers in person anyway).
 */
import * as v from 'valibot';
import { HELD_DAYS, type HeldSubmission } from '../../src/lib/held/index.ts';
import { LEAD_KINDS, type AnyLeadKind } from '../../src/lib/leads/index.ts';
import { fieldErrors, isRecord } from '../../src/lib/schemas/index.ts';
import { attachmentRules } from './attachment.ts';
import { deleteFiles, putFile, readFile } from './repositories/attachments.ts';
import type { DEFAULT_LOCALE } from '../../src/i18n/locales.ts';
import { HttpError, type FunctionContext } from './http.ts';
import { idTime } from './ids.ts';
import { enqueue } from './outbox.ts';
import { HELD_STORE, heldTimeline } from './repositories/held.ts';
import { storageTimeLeft } from './repositories/store.ts';
import { SubmissionGoneError, type RecordFile, type Stamped } from './repositories/timeline.ts';
import { announce, leadOptions } from './submission.ts';

const DAY_MS = 86_400_000;
/** A held submission accepted within this time of its arrival is acknowledged to its sender. */
export const ACK_WITHIN_MS = DAY_MS;
/** Held submissions deleted per store rewrite by the retention run. */
const PURGE_BATCH = 50;
/** Storage time a retention batch may start with at least. */
const PURGE_RESERVE_MS = 5_000;

const NOT_FOUND = 'This held submission is not there any more (accepted or deleted already).';

/** A held record as the API answers it (without the follow-up fields every timeline adds). */
export function heldView(record: HeldSubmission & object): HeldSubmission {
  const { _id, createdAt, kind, fields, lang, verification, reasons, email, name } = record;
  return { _id, createdAt, kind, fields, lang, verification, reasons, email, name };
}

function kindOf(held: HeldSubmission): AnyLeadKind {
  const kind = (LEAD_KINDS as readonly AnyLeadKind[]).find(({ key }) => key === held.kind);
  if (kind === undefined)
    throw new HttpError(409, `Held submissions of kind "${held.kind}" are not known here.`);
  return kind;
}

/** Makes a held submission a lead of its kind (once, however often it is asked); the lead. */
export async function acceptHeld(
  id: string,
  req: Request,
  context: FunctionContext,
  now = Date.now(),
): Promise<{ kind: AnyLeadKind; lead: Stamped }> {
  const held = await heldTimeline.find(id);
  if (held === null) throw new HttpError(404, NOT_FOUND);
  const kind = kindOf(held);
  // A honeypot catch was never validated: it becomes a lead only if it is a valid one.
  const lang = held.lang as typeof DEFAULT_LOCALE;
  const parsed = v.safeParse(kind.schema as v.GenericSchema, held.fields, { lang });
  if (!parsed.success) {
    throw new HttpError(
      422,
      'This held submission is not a complete, valid one: it can only be deleted.',
      {
        fields: fieldErrors(parsed.issues),
      },
    );
  }
  const options = leadOptions(kind);
  const { note, file } = await heldFile(kind, id, held);
  let saved;
  try {
    saved = await options.save(
      { ...(parsed.output as object), ...note, lang, verification: held.verification },
      `held:${id}`,
      file,
    );
  } catch (error) {
    if (!(error instanceof SubmissionGoneError)) throw error;
    await heldTimeline.remove(id);
    throw new HttpError(410, 'The lead made of this submission has since been deleted.');
  }
  if (!saved.replayed) {
    const recent = now - idTime(id) < ACK_WITHIN_MS;
    const officeOnly = { ...options };
    delete officeOnly.acknowledgement;
    await announce(req, recent ? options : officeOnly, saved.record, false, context);
  }
  await heldTimeline.remove(id);
  return { kind, lead: saved.record };
}

/**
 * The file a held submission of a kind with one (an application's CV) keeps in the held store,
 * as the lead takes it over: its note for the record, and its bytes for the lead's own store.
 */
async function heldFile(
  kind: AnyLeadKind,
  id: string,
  held: HeldSubmission,
): Promise<{ note: Record<string, unknown>; file?: RecordFile }> {
  const rules = attachmentRules(kind);
  if (rules === undefined) return { note: {} };
  const note = held.fields[rules.field];
  const stored = await readFile(HELD_STORE, id);
  if (stored === null || !isRecord(note)) {
    throw new HttpError(
      422,
      `This held submission has no ${kind.attachment?.label ?? 'file'}: it can only be deleted.`,
    );
  }
  return {
    note: { [rules.field]: note },
    file: {
      put: async (leadId) => {
        await putFile(kind.store, leadId, stored.bytes, stored.facts);
      },
      drop: (leadId) => deleteFiles(kind.store, [leadId], { graceMs: 1_500 }),
    },
  };
}

/** Deletes one held submission; false when it was not there. */
export const deleteHeld = (id: string): Promise<boolean> => heldTimeline.remove(id);

/**
 * Deletes held submissions older than HELD_DAYS at `now`, oldest first, found in the store's
 * index (no record is read), in batches while the run's storage time lasts; their ids.
 */
export async function purgeHeld(now = Date.now()): Promise<string[]> {
  const cutoff = now - HELD_DAYS * DAY_MS;
  const { entries } = await heldTimeline.summaries();
  const expired = entries
    .map(({ id }) => id)
    .filter((id) => idTime(id) < cutoff)
    .reverse();
  const removed: string[] = [];
  for (let start = 0; start < expired.length; start += PURGE_BATCH) {
    if (storageTimeLeft() < PURGE_RESERVE_MS) break;
    removed.push(...(await heldTimeline.removeMany(expired.slice(start, start + PURGE_BATCH))));
  }
  return removed;
}

/** Deletes the held submissions sent from `email` (an erasure); their ids. */
export async function eraseHeldOf(
  email: string,
  same: (a: string, b: string) => boolean,
): Promise<string[]> {
  const { entries } = await heldTimeline.summaries();
  const ids = entries
    .filter(({ summary }) => same(summary['email'] ?? '', email))
    .map(({ id }) => id);
  return ids.length === 0 ? [] : heldTimeline.removeMany(ids);
}

/** The day (UTC) of `now`, which names its digest in the outbox: one line a day at most. */
const dayOf = (now: number) => new Date(now).toISOString().slice(0, 10);

/**
 * Queues the office's daily line "N held submissions to review" when N > 0 (the outbox sends
 * it; a second run on the same day finds it queued). The count it said, or 0.
 */
export async function heldDigest(
  deployContext: string | undefined,
  now = Date.now(),
): Promise<number> {
  const { total } = await heldTimeline.page(1, 1);
  if (total === 0) return 0;
  const line = `${total} held ${total === 1 ? 'submission' : 'submissions'} to review`;
  await enqueue(
    { store: HELD_STORE, id: `digest-${dayOf(now)}`, createdAt: new Date(now).toISOString() },
    'notify',
    { subject: line, text: `${line}: open the admin's Spam / held view (/admin/held/).` },
    deployContext,
  );
  return total;
}
