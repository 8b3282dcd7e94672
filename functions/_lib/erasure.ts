/**
 * /api/erasure (admin): every record of one address, of every kind of lead (the summary field
 * its `person.email` names), compared as `sameAddress` compares them. GET `?email=` previews a
 * count per kind and the records themselves (`{ enquiries, messages, ids, records }`: each
 * record's kind, id, date and name, so the admin sees what goes before confirming); POST `{ email, ids }` deletes exactly the previewed records that still carry the
 * address and answers `{ deleted }`. When a record of the address arrived after the preview (its
 * id is not among `ids`), it answers 409 and deletes nothing: no record is ever erased unseen.
 *
 * The address is looked up in the stores' indexes (timeline-index.ts), so no record is read; an
 * index that cannot be completed in time answers 503 rather than a partial list. Records set aside
 * as unreadable are searched by their raw text. A delete removes the record, its key claim, its
 * index entry and its e-mails in the outbox (timeline.ts `removeMany`); the address's places in
 * the acknowledgement limits go too.
 */
import { ErasureLookupSchema, ErasureSchema, sameAddress } from '../../src/lib/schemas/index.ts';
import type { AnyLeadKind } from '../../src/lib/leads/index.ts';
import { audit, hashedAddress } from './audit.ts';
import { admin } from './auth.ts';
import { readBody } from './body.ts';
import { HttpError, dispatch, endpoint, json } from './http.ts';
import { eraseHeldOf } from './held-review.ts';
import { forgetAddress } from './repositories/ack-limits.ts';
import { idTime } from './ids.ts';
import { leadTimeline } from './repositories/timeline.ts';
import { validate } from './validate.ts';

const notIndexedYet = (count: number) =>
  new HttpError(
    503,
    `${count} new records are still being indexed, so this search would be incomplete. ` +
      'Try again in a few seconds.',
    { headers: { 'retry-after': '5' } },
  );

/** Everything that looks like an e-mail address in a damaged record's text (JSON or cut short). */
function addressesIn(text: string): string[] {
  return text.match(/[^\s"'<>,;:{}[\]@]+@[^\s"'<>,;:{}[\]@]+/gu) ?? [];
}

/** One record an erasure would delete, as the preview lists it (a damaged record has no name). */
interface Found {
  id: string;
  name: string | null;
}

/** Every record of `email` in one kind's store, newest first; quarantined ones included. */
async function matching(kind: AnyLeadKind, email: string): Promise<Found[]> {
  const records = leadTimeline(kind);
  const field: string = kind.person.email;
  const name: string = kind.person.name;
  // In turn: reading for the index may set a damaged record aside, to be found among these.
  const { entries, pending } = await records.summaries();
  const quarantined = await records.quarantined();
  if (pending > 0) throw notIndexedYet(pending);
  return [
    ...entries
      .filter(({ summary }) => sameAddress(summary[field] ?? '', email))
      .map(({ id, summary }) => ({ id, name: summary[name] ?? null })),
    // A damaged record cannot be parsed: the addresses in its raw text are compared.
    ...quarantined
      .filter(({ text }) => addressesIn(text).some((address) => sameAddress(address, email)))
      .map(({ id }) => ({ id, name: null })),
  ];
}

/** The erasure API over `kinds`: each kind's records of an address, found by one lookup. */
export function erasureEndpoint(kinds: readonly AnyLeadKind[]) {
  const matchingAll = async (email: string) => {
    const found = await Promise.all(kinds.map((kind) => matching(kind, email)));
    return found.map((records) => records.map(({ id }) => id));
  };

  const preview = admin(async (req) => {
    const { email } = validate(ErasureLookupSchema, {
      email: new URL(req.url).searchParams.get('email'),
    });
    const found = await Promise.all(kinds.map((kind) => matching(kind, email)));
    const counts = Object.fromEntries(kinds.map((kind, index) => [kind.key, found[index]!.length]));
    const records = kinds.flatMap((kind, index) =>
      found[index]!.map(({ id, name }) => ({
        kind: kind.key,
        id,
        createdAt: new Date(idTime(id)).toISOString(),
        name,
      })),
    );
    return json({ ...counts, ids: records.map(({ id }) => id), records });
  });

  const erase = admin(async (req) => {
    const { email, ids } = validate(ErasureSchema, (await readBody(req)).data);
    const confirmed = new Set(ids);
    const found = await matchingAll(email);
    const unseen = found.flat().filter((id) => !confirmed.has(id));
    if (unseen.length > 0) {
      throw new HttpError(
        409,
        `${unseen.length} record${unseen.length === 1 ? '' : 's'} of this address arrived after ` +
          'the preview. Review them and confirm again; nothing was deleted.',
      );
    }
    // Only what was both previewed and still carries the address: an id sent for another
    // address's record is never deleted.
    const deleted = await Promise.all(
      kinds.map(async (kind, index) => (await leadTimeline(kind).removeMany(found[index]!)).length),
    );
    // Its held submissions (never previewed as leads: they are not leads) and the
    // acknowledgement limits' places of the address (keyed hashes, with each hour's salt) go too.
    const held = await eraseHeldOf(email, sameAddress);
    await forgetAddress(email);
    const total = deleted.reduce((sum, count) => sum + count, held.length);
    // The log keeps only the address's hash, and how many records went.
    await audit('leads.erased', { target: hashedAddress(email), count: total });
    return json({ deleted: total });
  });

  return endpoint((req, context) => dispatch(req, context, { GET: preview, POST: erase }));
}
