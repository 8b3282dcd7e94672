/**
 * The follow-up fields of a timeline record (status, notes, version; src/lib/schemas/follow-up.ts)
 * and the one way they change: a conditional write over the blob's ETag (records.ts), never a
 * blind overwrite.
 *
 * Records stored before follow-up existed have none of the fields; they read as `New`, no notes,
 * version 1, and gain the fields on their first edit. Every write adds 1 to `version`; a caller
 * that names the version it read (`ifVersion`, from `If-Match`) gets `stale` when it differs,
 * and nothing is written. An edit never recreates a record a delete took (its conditional write
 * fails on the tombstone), and it keeps the record's id, so the id index needs no new generation.
 */
import {
  DEFAULT_STATUS,
  isStatus,
  type FollowUp,
  type Note,
  type Status,
} from '../../../src/lib/schemas/index.ts';
import { UNCHANGED, replaceRecord } from './records.ts';
import type { Store } from './store.ts';

export { UNCHANGED };

export type Tracked<R> = R & FollowUp;

export type EditResult<R> =
  | { kind: 'saved'; record: Tracked<R> }
  | { kind: 'missing' }
  | { kind: 'stale'; record: Tracked<R> };

export interface EditOptions {
  /** The version the client read; another one means someone changed the record since. */
  ifVersion?: number;
  /** Conditional writes to try before giving up (an unconditional append retries more). */
  attempts?: number;
}

/** A stored record with its follow-up fields filled in. */
export function tracked<R extends object>(record: R): Tracked<R> {
  const stored = record as Partial<Record<keyof FollowUp, unknown>>;
  const { version } = stored;
  return {
    ...record,
    status: isStatus(stored.status) ? stored.status : DEFAULT_STATUS,
    notes: Array.isArray(stored.notes) ? stored.notes.filter(isNote) : [],
    version:
      typeof version === 'number' && Number.isSafeInteger(version) && version >= 1 ? version : 1,
  };
}

/**
 * The record with a new status, stamped now: `statusChangedAt` always, `firstStatusChangedAt`
 * the first time only (the insights' speed to lead).
 */
export function withStatus<R extends FollowUp>(current: R, status: Status, now = new Date()): R {
  const at = now.toISOString();
  return {
    ...current,
    status,
    statusChangedAt: at,
    firstStatusChangedAt: current.firstStatusChangedAt ?? at,
  };
}

function isNote(value: unknown): value is Note {
  if (typeof value !== 'object' || value === null) return false;
  const { text, at } = value as Partial<Record<keyof Note, unknown>>;
  return typeof text === 'string' && typeof at === 'string';
}

/**
 * Applies `change` to the record `id` (UNCHANGED writes nothing) and stores it as the next
 * version, conditionally on what it read; read again and retried when another write came first.
 */
export async function editRecord<R extends object>(
  store: Store,
  id: string,
  change: (current: Tracked<R>) => Tracked<R> | typeof UNCHANGED,
  { ifVersion, attempts }: EditOptions = {},
): Promise<EditResult<R>> {
  let stale = false;
  const result = await replaceRecord<R>(
    store,
    id,
    (stored) => {
      const current = tracked(stored);
      stale = ifVersion !== undefined && current.version !== ifVersion;
      if (stale) return UNCHANGED;
      const next = change(current);
      return next === UNCHANGED ? UNCHANGED : { ...next, version: current.version + 1 };
    },
    attempts === undefined ? {} : { attempts },
  );
  if (result === null) return { kind: 'missing' };
  const record = tracked(result);
  return stale ? { kind: 'stale', record } : { kind: 'saved', record };
}
