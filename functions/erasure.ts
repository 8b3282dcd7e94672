/**
 * /api/erasure (admin): every enquiry (`emailAddress`) and contact message (`email`) of one
 * address, compared trimmed and case-insensitively. GET `?email=` previews `{ enquiries, messages,
 * ids }`; POST `{ email, confirm }` deletes them all and answers `{ deleted }`, but only while the
 * count is still the `confirm` the admin saw (else 409 and nothing deleted), so a lead that
 * arrived after the preview is never erased unseen.
 *
 * Both calls look the address up in the stores' indexes (timeline-index.ts, which keep each
 * record's address in its summary), so they read no record: one small read per store on a warm
 * instance, whatever the number of leads.
 */
import type { Config } from '@netlify/functions';
import {
  ErasureLookupSchema,
  ErasureSchema,
  sameAddress,
  type ErasurePreview,
} from '../src/lib/schemas/index.ts';
import { admin } from './_lib/auth.ts';
import { readBody } from './_lib/body.ts';
import { HttpError, dispatch, endpoint, json } from './_lib/http.ts';
import { contactMessages } from './_lib/repositories/contact-messages.ts';
import { enquiries } from './_lib/repositories/enquiries.ts';
import { validate } from './_lib/validate.ts';

interface Matches {
  enquiries: string[];
  messages: string[];
}

async function matching(email: string): Promise<Matches> {
  const [allEnquiries, allMessages] = await Promise.all([
    enquiries.summaries(),
    contactMessages.summaries(),
  ]);
  const of = (records: typeof allEnquiries) =>
    records.filter(({ summary }) => sameAddress(summary['email'] ?? '', email)).map(({ id }) => id);
  return { enquiries: of(allEnquiries), messages: of(allMessages) };
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
  const { email, confirm } = validate(ErasureSchema, (await readBody(req)).data);
  const found = await matching(email);
  const count = found.enquiries.length + found.messages.length;
  if (count !== confirm) {
    throw new HttpError(
      409,
      `This address now has ${count} records, not ${confirm}. Review them and confirm again.`,
    );
  }
  // One at a time: a person has a handful of records, and each delete is conditional.
  let deleted = 0;
  for (const id of found.enquiries) if (await enquiries.remove(id)) deleted++;
  for (const id of found.messages) if (await contactMessages.remove(id)) deleted++;
  return json({ deleted });
});

export default endpoint((req, context) => dispatch(req, context, { GET: preview, POST: erase }));

export const config: Config = {
  path: '/api/erasure',
};
