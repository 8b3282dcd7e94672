/**
 * /api/erasure (admin): every enquiry (`emailAddress`) and contact message (`email`) of one
 * address, compared as `sameAddress` compares them. GET `?email=` previews `{ enquiries, messages,
 * ids }`; POST `{ email, ids }` deletes exactly the previewed records that still carry the
 * address and answers `{ deleted }`. When a record of the address arrived after the preview (its
 * id is not among `ids`), it answers 409 and deletes nothing: no record is ever erased unseen.
 *
 * The address is looked up in the stores' indexes (timeline-index.ts), so no record is read; an
 * index that cannot be completed in time answers 503 rather than a partial list. Records set aside
 * as unreadable are searched by their raw text. A delete removes the record, its key claim and
 * its index entry (timeline.ts `removeMany`).
 */
import type { Config } from '@netlify/functions';
import {
  ErasureLookupSchema,
  ErasureSchema,
  sameAddress,
  type ErasurePreview,
} from '../src/lib/schemas/index.ts';
import { ENQUIRY, MESSAGE } from '../src/lib/leads/index.ts';
import { admin } from './_lib/auth.ts';
import { readBody } from './_lib/body.ts';
import { HttpError, dispatch, endpoint, json } from './_lib/http.ts';
import { contactMessages } from './_lib/repositories/contact-messages.ts';
import { enquiries } from './_lib/repositories/enquiries.ts';
import type { Timeline } from './_lib/repositories/timeline.ts';
import { validate } from './_lib/validate.ts';

interface Source {
  /** The summary field holding the address (the kind's `person.email`). */
  email: string;
  timeline: Timeline<object>;
}

const SOURCES = {
  enquiries: { email: ENQUIRY.person.email, timeline: enquiries as Timeline<object> },
  messages: { email: MESSAGE.person.email, timeline: contactMessages as Timeline<object> },
} as const satisfies Record<string, Source>;

type Matches = Record<keyof typeof SOURCES, string[]>;

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

/** The ids of every record of `email`, by source, newest first; quarantined ones included. */
async function matching(email: string): Promise<Matches> {
  const find = async ({ timeline, email: field }: Source) => {
    // In turn: reading for the index may set a damaged record aside, to be found among these.
    const { entries, pending } = await timeline.summaries();
    const quarantined = await timeline.quarantined();
    if (pending > 0) throw notIndexedYet(pending);
    return [
      ...entries
        .filter(({ summary }) => sameAddress(summary[field] ?? '', email))
        .map(({ id }) => id),
      // A damaged record cannot be parsed: the addresses in its raw text are compared.
      ...quarantined
        .filter(({ text }) => addressesIn(text).some((address) => sameAddress(address, email)))
        .map(({ id }) => id),
    ];
  };
  const [foundEnquiries, foundMessages] = await Promise.all([
    find(SOURCES.enquiries),
    find(SOURCES.messages),
  ]);
  return { enquiries: foundEnquiries, messages: foundMessages };
}

const preview = admin(async (req) => {
  const { email } = validate(ErasureLookupSchema, {
    email: new URL(req.url).searchParams.get('email'),
  });
  const found = await matching(email);
  const body: ErasurePreview = {
    enquiries: found.enquiries.length,
    messages: found.messages.length,
    ids: [...found.enquiries, ...found.messages],
  };
  return json(body);
});

const erase = admin(async (req) => {
  const { email, ids } = validate(ErasureSchema, (await readBody(req)).data);
  const confirmed = new Set(ids);
  const found = await matching(email);
  const unseen = [...found.enquiries, ...found.messages].filter((id) => !confirmed.has(id));
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
    (Object.keys(SOURCES) as (keyof typeof SOURCES)[]).map(
      async (source) => (await SOURCES[source].timeline.removeMany(found[source])).length,
    ),
  );
  return json({ deleted: deleted.reduce((sum, count) => sum + count, 0) });
});

export default endpoint((req, context) => dispatch(req, context, { GET: preview, POST: erase }));

export const config: Config = {
  path: '/api/erasure',
};
