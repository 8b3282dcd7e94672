/**
 * The shape shared by the public POSTs (contact message, enquiry): parse → language → honeypot →
 * validate → proof of work (`altcha`: verified, unverified or refused; proof-of-work.ts) → store
 * → notify → answer. JSON clients get JSON; form posts (the no-JS fallback) get
 * a 303 to the thank-you page, or back to the form with `?error=…`, both in the form's language.
 *
 * The language is the body's `lang` field when it names one of the site's locales, else the best
 * of `Accept-Language`, else English; any other `lang` is ignored (never an error, never stored).
 * Field errors come back in it, and the record keeps it.
 */
import * as v from 'valibot';
import {
  DEFAULT_LOCALE,
  isLocale,
  localePath,
  negotiateLocale,
  type Locale,
} from '../../src/i18n/locales.ts';
import type { AnyLeadKind, FormFallback, LeadRecord } from '../../src/lib/leads/index.ts';
import {
  fieldErrors,
  isBotSubmission,
  type AcknowledgementSkipped,
} from '../../src/lib/schemas/index.ts';
import { isFormPost, isMultipartFormPost, readBody, readMultipart, type SentFile } from './body.ts';
import {
  attachmentRules,
  checkedFile,
  fileTooLarge,
  recordFile,
  type AttachmentRules,
  type CheckedFile,
} from './attachment.ts';
import { HttpError, json, seeOther, type FunctionContext, type Handler } from './http.ts';
import { newId } from './ids.ts';
import { checkProof } from './proof-of-work.ts';
import type { FieldValues } from '../../src/lib/spam/index.ts';
import { screening, type Screening } from './hold.ts';
import { acknowledgement, acknowledging, limitReached } from './acknowledgement.ts';
import { notify, type Notification } from './mailer.ts';
import { deliverAfterResponse, enqueue } from './outbox.ts';
import { leadNotification } from './notifications.ts';
import { StorageUnavailableError, restartStorageClock } from './repositories/store.ts';
import { dropParts, readParts } from './repositories/cv-parts.ts';
import {
  KeyConflictError,
  SubmissionGoneError,
  leadTimeline,
  type RecordFile,
  type Stamped,
  type Submitted,
} from './repositories/timeline.ts';
import { invalidFieldsMessage } from './validate.ts';
import { leadSource } from './visits/source.ts';
import { referenceOf } from '../../src/lib/leads/reference.ts';

export type { FormFallback };

export interface SubmissionOptions<S extends v.GenericSchema> {
  schema: S;
  /** The store the records go to (the outbox names each lead's e-mails by it). */
  store: string;
  /**
   * Stores the submission with its language; with an idempotency key, a retry gets the first
   * one's record.
   */
  save: (
    input: v.InferOutput<S> & LeadRecord,
    key: string | undefined,
    file?: RecordFile,
  ) => Promise<Submitted<v.InferOutput<S>>>;
  notification: (record: Stamped & v.InferOutput<S>) => Notification;
  /** The acknowledgement to the sender, if the record has a plain address to send it to. */
  acknowledgement?: (
    record: Stamped & v.InferOutput<S>,
    origin: string,
  ) => (Notification & { to: string }) | undefined;
  /** Records on the lead that its acknowledgement was skipped, and why (the admin shows it). */
  noteSkipped?: (id: string, note: AcknowledgementSkipped) => Promise<unknown>;
  form: FormFallback;
  /** Spam screening (hold.ts): what it holds is stored held and answered as accepted. */
  screening?: Screening;
  /**
   * The file the form sends with its fields (attachment.ts): the body is then multipart, and
   * the file is checked with the fields, stored with the record and noted in it.
   */
  attachment?: AttachmentRules;
}

/** Letters, digits, `-` and `_`: a UUID or any random token a client makes. */
const KEY_PATTERN = /^[\w-]{16,64}$/;
const KEY_REUSED =
  'This Idempotency-Key was already used for a different submission. Please send it again.';
const KEY_GONE =
  'This submission was received earlier and has since been deleted, so it is not stored again. ' +
  'Reload the page to send a new one.';

/**
 * The `Idempotency-Key` a client sends so that a retry (after a timeout or a 503) of the same
 * submission stores one record, not two. Optional: form posts without scripts have none.
 */
export function idempotencyKey(req: Request): string | undefined {
  const key = req.headers.get('idempotency-key')?.trim();
  if (key === undefined || key === '') return undefined;
  if (!KEY_PATTERN.test(key)) {
    throw new HttpError(400, 'Idempotency-Key must be 16 to 64 letters, digits, "-" or "_".');
  }
  return key;
}

/** The public create of a kind of lead: its schema, its records, its e-mail, its form. */
export function leadSubmission(kind: AnyLeadKind): Handler {
  return publicSubmission({ ...leadOptions(kind), screening: screening(kind) });
}

/** How a kind's leads are stored and announced (a held one accepted is announced so too). */
export function leadOptions(kind: AnyLeadKind): SubmissionOptions<v.GenericSchema> {
  const records = leadTimeline(kind);
  const attachment = attachmentRules(kind);
  return {
    schema: kind.schema as v.GenericSchema<unknown, object>,
    store: kind.store,
    save: (input, key, file) => records.submit(input, key, file),
    ...(attachment ? { attachment } : {}),
    notification: (record) => leadNotification(kind, record),
    acknowledgement: (record, origin) => acknowledgement(kind, record, origin),
    noteSkipped: (id, note) =>
      records.edit(id, (current) => ({ ...current, acknowledgement: note })),
    form: kind.form,
  };
}

/** The language `Accept-Language` asks for among the site's, else English. */
function acceptedLanguage(req: Request): Locale {
  return negotiateLocale(req.headers.get('accept-language')) ?? DEFAULT_LOCALE;
}

/** The language of a submission: its `lang` field if that is one of the site's locales. */
export function submissionLanguage(req: Request, data: Readonly<Record<string, unknown>>): Locale {
  const field = data['lang'];
  return isLocale(field) ? field : acceptedLanguage(req);
}

/** The thank-you page in `lang`, saying which form was sent. */
function thankYouPath(form: FormFallback, lang: Locale): string {
  return `${localePath(lang, '/thank-you/')}?form=${encodeURIComponent(form.name)}`;
}

export function publicSubmission<S extends v.GenericSchema>(
  options: SubmissionOptions<S>,
): Handler {
  const { form } = options;
  /** A post from a browser without scripts: answered with redirects, not JSON. */
  const plainPost = (req: Request) =>
    isFormPost(req) || (options.attachment !== undefined && isMultipartFormPost(req));

  const accept = async (
    req: Request,
    context: FunctionContext,
    answer: { lang: Locale },
  ): Promise<Response> => {
    const asForm = plainPost(req);
    const { attachment } = options;
    const { data, files } = attachment
      ? await readMultipart(req, attachment.maxBytes, () => fileTooLarge(attachment, answer.lang))
      : { ...(await readBody(req, { form: true, listFields: form.listFields ?? [] })), files: {} };
    const lang = submissionLanguage(req, data);
    answer.lang = lang;
    if (isBotSubmission(data)) {
      // Held (hold.ts), and answered as accepted: a bot learns nothing.
      const caught = await options.screening?.caught(data, lang);
      const acknowledged = options.screening?.acknowledgedAsIf(data) ?? false;
      return accepted(asForm, form, lang, caught ?? unstored(), acknowledged);
    }
    const result = v.safeParse(options.schema, data, { lang });
    // A large file came in parts ahead of the form (cv-parts.ts): joined here, then dropped.
    const parts = attachment ? partsNamed(data) : undefined;
    const sent = attachment && (await joinParts(files[attachment.field], parts));
    const file = attachment ? await checkFile(attachment, sent, lang) : undefined;
    // Parts are dropped once their file is refused or stored; a storage fault keeps them for a
    // retry (the sweep takes any left after two hours).
    const dropJoined = async () => {
      if (parts) await dropParts(parts.token, parts.count, Date.now()).catch(() => {});
    };
    if (file && !file.ok) await dropJoined();
    if (!result.success || (file !== undefined && !file.ok)) {
      const fields = result.success ? {} : fieldErrors(result.issues);
      if (attachment && file && !file.ok) fields[attachment.field] = file.message;
      if (asForm) return seeOther(backToForm(req, form, '1', Object.keys(fields), lang));
      const status = file && !file.ok && result.success ? file.status : 400;
      throw new HttpError(status, invalidFieldsMessage(lang), { fields });
    }
    // The upload and its check are the sender's time, not storage's: storage starts here.
    if (attachment) restartStorageClock();
    // The record notes its file (what it is, its size and digest, the sender's name for it).
    const checked = file?.ok ? file.checked : undefined;
    const output = (
      checked && attachment
        ? { ...(result.output as object), [attachment.field]: checked.note }
        : result.output
    ) as v.InferOutput<S>;
    const key = idempotencyKey(req);
    // Last of the checks: a valid proof is spent by it.
    const proof = await checkProof(data['altcha'], lang, context);
    const { verification } = proof;
    const reasons = (await options.screening?.reasons(output, proof, context)) ?? [];
    let saved: Submitted<v.InferOutput<S>>;
    try {
      if (options.screening && reasons.length > 0) {
        const held = await options.screening.hold(
          output as Record<string, unknown>,
          { lang, verification, reasons },
          key,
          checked,
        );
        const acknowledged = options.screening.acknowledgedAsIf(output as FieldValues);
        await dropJoined();
        return accepted(asForm, form, lang, held, acknowledged);
      }
      saved = await options.save(
        {
          ...(output as object),
          lang,
          verification,
          source: await leadSource(req, context),
        } as v.InferOutput<S> & LeadRecord,
        key,
        checked && recordFile(options.store, checked),
      );
    } catch (error) {
      if (error instanceof KeyConflictError) throw new HttpError(422, KEY_REUSED);
      if (error instanceof SubmissionGoneError) throw new HttpError(410, KEY_GONE);
      throw error;
    }
    await dropJoined();
    const { record, replayed } = saved;
    const acknowledged = await announce(req, options, record, replayed, context);
    return accepted(asForm, form, lang, record, acknowledged);
  };

  return async (req, context) => {
    // Until the body is read (it may be unreadable), the language is the header's.
    const answer = { lang: acceptedLanguage(req) };
    try {
      return await accept(req, context, answer);
    } catch (error) {
      if (!plainPost(req)) throw error;
      if (error instanceof HttpError && error.status < 500)
        return seeOther(backToForm(req, form, '1', [], answer.lang));
      if (error instanceof StorageUnavailableError)
        return seeOther(backToForm(req, form, 'unavailable', [], answer.lang));
      throw error;
    }
  };
}

/** The parts a form names (`cvParts`: `<hour>.<upload>`, `cvPartCount`), if it names any. */
function partsNamed(
  data: Readonly<Record<string, unknown>>,
): { token: string; count: number } | undefined {
  const token = data['cvParts'];
  const count = Number(data['cvPartCount']);
  if (typeof token !== 'string' || token === '') return undefined;
  return { token, count: Number.isInteger(count) ? count : 0 };
}

/**
 * The whole file: its parts sent ahead, then the piece the form carries. Parts that cannot be
 * found (never sent, or more than an hour old) make no file: the form is asked for it again.
 */
async function joinParts(
  last: SentFile | undefined,
  parts: { token: string; count: number } | undefined,
): Promise<SentFile | undefined> {
  if (parts === undefined || last === undefined) return last;
  const found = await readParts(parts.token, parts.count, Date.now());
  if (found === undefined) return undefined;
  const total = found.reduce((sum, part) => sum + part.byteLength, last.bytes.byteLength);
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const part of [...found, last.bytes]) {
    bytes.set(part, offset);
    offset += part.byteLength;
  }
  return { bytes, name: last.name };
}

/** The sent file checked: refused with its message and status, or accepted and ready to store. */
async function checkFile(
  rules: AttachmentRules,
  sent: SentFile | undefined,
  lang: Locale,
): Promise<{ ok: true; checked: CheckedFile } | { ok: false; status: 400 | 413; message: string }> {
  // A form without a file chosen still sends the part, empty and unnamed.
  if (sent === undefined || (sent.bytes.byteLength === 0 && sent.name === '')) {
    return { ok: false, status: 400, message: rules.missing(lang) };
  }
  const verdict = await rules.inspect(sent.bytes, lang);
  return verdict.ok ? { ok: true, checked: checkedFile(sent, verdict) } : verdict;
}

/** The id and time a caught bot is answered with when nothing could be held, like a lead's. */
const unstored = (): Stamped => ({ _id: newId(), createdAt: new Date().toISOString() });

/** The 201 body of a stored submission, accepted or held alike: the page's confirmation. */
export interface AcceptedAnswer {
  _id: string;
  createdAt: string;
  /** What the sender quotes (`referenceOf`), as the acknowledgement says it. */
  reference: string;
  /**
   * Whether an acknowledgement was queued to the sender's address. A held submission (a honeypot
   * catch too) is answered as an accepted one with its fields usually is (`acknowledgedAsIf`):
   * its acknowledgement goes out if the admin finds it is not spam.
   */
  acknowledged: boolean;
}

export function acceptedAnswer(record: Stamped, acknowledged: boolean): AcceptedAnswer {
  return {
    _id: record._id,
    createdAt: record.createdAt,
    reference: referenceOf(record._id),
    acknowledged,
  };
}

/** The answer to a stored submission, accepted or held alike. */
function accepted(
  asForm: boolean,
  form: FormFallback,
  lang: Locale,
  record: Stamped,
  acknowledged: boolean,
): Response {
  return asForm
    ? seeOther(thankYouPath(form, lang))
    : json(acceptedAnswer(record, acknowledged), 201);
}

/**
 * The e-mails about a stored lead (true when the sender's acknowledgement was queued): the office's, and the sender's acknowledgement (where it is on
 * and within its limits; past one, the lead records `acknowledgement: { state: 'skipped', reason }`),
 * queued in the outbox before the answer and sent after it. A keyed retry
 * queues the office's again and finds it queued (sent once, by whichever try queued it); it
 * acknowledges nothing again. If the outbox cannot be written, the lead is stored all the same:
 * the office's e-mail is sent at once instead, as before there was an outbox (not for a retry).
 */
export async function announce<S extends v.GenericSchema>(
  req: Request,
  options: SubmissionOptions<S>,
  record: Stamped & v.InferOutput<S>,
  replayed: boolean,
  context: FunctionContext,
): Promise<boolean> {
  const deployContext = context.deploy?.context;
  const message = options.notification(record);
  const lead = { store: options.store, id: record._id, createdAt: record.createdAt };
  let office;
  try {
    office = await enqueue(lead, 'notify', message, deployContext);
  } catch (error) {
    if (!(error instanceof StorageUnavailableError)) throw error;
    console.error(
      `outbox: ${options.store}/${record._id} not queued; e-mailing the office at once`,
    );
    if (replayed) return false;
    const sending = notify(message, deployContext);
    if (context.waitUntil) context.waitUntil(sending);
    else await sending;
    return false;
  }
  let acknowledged = false;
  const keys = office?.created ? [office.key] : [];
  const ack = options.acknowledgement?.(record, new URL(req.url).origin);
  if (replayed) {
    // Answered as the first try was: acknowledged unless its acknowledgement was skipped.
    await deliverAfterResponse(keys, context);
    return (
      ack !== undefined && acknowledging() && office !== undefined && !('acknowledgement' in record)
    );
  }
  if (ack !== undefined && acknowledging() && office !== undefined) {
    try {
      const reason = await limitReached(ack.to, context.ip);
      if (reason === undefined) {
        const queued = await enqueue(lead, 'ack', ack, deployContext);
        if (queued?.created) keys.push(queued.key);
        acknowledged = queued !== undefined;
      } else {
        await noteSkipped(options, record._id, reason);
      }
    } catch (error) {
      // The lead and the office's e-mail stand; only the courtesy copy is lost.
      if (!(error instanceof StorageUnavailableError)) throw error;
      console.error(`outbox: ${options.store}/${record._id}: acknowledgement not queued`);
    }
  }
  await deliverAfterResponse(keys, context);
  return acknowledged;
}

/** Best effort: the lead stands, and says why it was not acknowledged if this can be written. */
async function noteSkipped<S extends v.GenericSchema>(
  options: SubmissionOptions<S>,
  id: string,
  reason: AcknowledgementSkipped['reason'],
): Promise<void> {
  try {
    await options.noteSkipped?.(id, { state: 'skipped', reason, at: new Date().toISOString() });
  } catch (error) {
    console.error(`${options.store}/${id}: acknowledgement skipped (${reason}), not noted`, error);
  }
}

/**
 * The page the form was posted from (Referer, same origin only) or the form's home page in
 * `lang`, with `error` (and the invalid field names, if any) in the query and the form's anchor.
 *
 * The answer is always a path on this site. A Referer path that a browser would read as another
 * host (`//evil.example`; URL parsing also makes `//` of `/\`, of tabs and of `/./\`) or that a
 * decoding proxy could turn into one (`/%2F…`, `/%5C…`) gives way to `form.page`.
 */
export function backToForm(
  req: Request,
  form: FormFallback,
  error: string,
  fields: readonly string[],
  lang: Locale = DEFAULT_LOCALE,
): string {
  // One leading slash and then no slash or backslash, plain or encoded; no spaces or controls.
  const isSitePath = (path: string) =>
    /^\/(?![/\\]|%2f|%5c)/i.test(path) && !/[\\\s\u0000-\u001f\u007f]/.test(path);
  const target = new URL(localePath(lang, form.page), req.url);
  const referer = req.headers.get('referer');
  if (referer && URL.canParse(referer)) {
    const from = new URL(referer);
    if (from.origin === target.origin && isSitePath(from.pathname)) {
      target.pathname = from.pathname;
      target.search = from.search;
    }
  }
  target.searchParams.set('error', error);
  if (fields.length) target.searchParams.set('fields', fields.join(','));
  else target.searchParams.delete('fields');
  return `${target.pathname}${target.search}#${form.anchor}`;
}
