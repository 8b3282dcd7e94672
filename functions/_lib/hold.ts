/**
 * The held state of a public submission (issue 38 item 3). A submission is held, not made a lead,
 * when the spam scorer (src/lib/spam) says `hold`, when it came without a proof of work
 * (`unverified`: no JavaScript, or a script that skipped the challenge), or when it filled the
 * honeypot. It is stored in the held store (repositories/held.ts) with its reasons and answered
 * exactly as an accepted one (submission.ts), but nobody is e-mailed: no acknowledgement (no
 * backscatter to a forged address) and no notification; the office gets one daily line instead
 * (`heldDigest`).
 *
 * The scorer's two server signals: the fill time is now minus the issue time signed in the
 * verified challenge (none without a proof), and the same-text count comes from
 * repositories/same-text.ts for the client's address.
 */
import type * as v from 'valibot';
import type { Locale } from '../../src/i18n/locales.ts';
import type { HeldReason } from '../../src/lib/held/index.ts';
import type { AnyLeadKind, LeadKey } from '../../src/lib/leads/index.ts';
import {
  SAME_TEXT_SENDERS,
  SPAM_FIELDS,
  sameTextOf,
  scoreSubmission,
  type FieldValues,
} from '../../src/lib/spam/index.ts';
import { acknowledging } from './acknowledgement.ts';
import { isDeployed, readEnv } from './env.ts';
import { HttpError, type FunctionContext } from './http.ts';
import { safeReplyTo } from './mailer.ts';
import { issuedAt, type ProofOutcome } from './proof-of-work.ts';
import { HELD_STORE, heldTimeline, type HeldInput } from './repositories/held.ts';
import { recordFile, type CheckedFile } from './attachment.ts';
import { takeHeldPlace } from './repositories/held-quota.ts';
import { recordSameText } from './repositories/same-text.ts';
import type { Stamped } from './repositories/timeline.ts';

export const UNVERIFIED: HeldReason = {
  rule: 'unverified',
  reason: 'Sent without the proof of work (no JavaScript, or a script that skipped it).',
};
export const HONEYPOT: HeldReason = {
  rule: 'honeypot',
  reason: 'Filled in the hidden field that only machines see.',
};

/** Characters kept of each text field of a honeypot catch, and fields kept at most. */
const CAUGHT_FIELD_CHARS = 2_000;
const CAUGHT_FIELDS = 40;

/** The sender's address and name in a kind's record, as its summary names them. */
function sender(kind: AnyLeadKind, fields: FieldValues): { email: string; name: string } {
  const summary = kind.summary as Readonly<Record<string, string>>;
  const text = (field: string | undefined) => {
    const value = field === undefined ? undefined : fields[field];
    return typeof value === 'string' ? value : '';
  };
  return {
    email: text(summary[kind.person.email as string]),
    name: text(summary[kind.person.name as string]),
  };
}

// translation: draft (ml, ar)
/** The refusal past the site's hourly ceiling on held submissions (held-quota.ts). */
const HELD_FULL: Readonly<Record<Locale, string>> = {
  en: 'We are receiving an unusual number of messages, so this one was not stored. Please try again in an hour.',
  ml: 'അസാധാരണമായത്ര സന്ദേശങ്ങൾ ഇപ്പോൾ ലഭിക്കുന്നതിനാൽ ഇത് സൂക്ഷിച്ചിട്ടില്ല. ഒരു മണിക്കൂർ കഴിഞ്ഞ് വീണ്ടും ശ്രമിക്കുക.',
  ar: 'نتلقى حاليًا عددًا غير معتاد من الرسائل، لذا لم تُحفظ هذه الرسالة. يُرجى المحاولة مرة أخرى بعد ساعة.',
};

/**
 * Stores a held submission; the stored record (its id and time answer the sender). Past the
 * site's hourly ceiling on held submissions it stores nothing and throws a 429 in `lang`.
 */
export async function hold(
  kind: AnyLeadKind,
  fields: FieldValues,
  details: { lang: Locale; verification: HeldInput['verification']; reasons: HeldReason[] },
  key?: string,
  now = Date.now(),
  file?: CheckedFile,
): Promise<Stamped> {
  if (!(await takeHeldPlace(now))) {
    const retryAfter = Math.ceil((3_600_000 - (now % 3_600_000)) / 1000);
    throw new HttpError(429, HELD_FULL[details.lang], {
      headers: { 'retry-after': String(retryAfter) },
    });
  }
  const input: HeldInput = {
    kind: kind.key as LeadKey,
    fields: { ...fields },
    ...details,
    ...sender(kind, fields),
  };
  // Its file (an application's CV) is kept with it, for "Not spam" to hand to the lead.
  return (await heldTimeline.submit(input, key, file && recordFile(HELD_STORE, file))).record;
}

/**
 * Why a validated submission must be held (empty: it is accepted). Records its text for the
 * same-text rule on the way, under the client's address.
 */
export async function holdReasons(
  kind: AnyLeadKind,
  fields: FieldValues,
  proof: ProofOutcome,
  address: string | undefined,
  now = Date.now(),
  timed = true,
): Promise<HeldReason[]> {
  const reasons: HeldReason[] = proof.verification === 'unverified' ? [UNVERIFIED] : [];
  // A kind not given spam roles yet (src/lib/spam/fields.ts) is held only for its proof.
  if (!Object.hasOwn(SPAM_FIELDS, kind.key)) return reasons;
  const issued = timed ? issuedAt(proof) : undefined;
  // Every kind the site declares has spam roles (src/lib/spam/fields.ts checks it by type).
  const scored = kind as unknown as { key: LeadKey; labels: Readonly<Record<string, string>> };
  const text = sameTextOf(scored, fields);
  const sameTextSenders =
    text === undefined || address === undefined
      ? undefined
      : await recordSameText(text, address, now, SAME_TEXT_SENDERS);
  const score = scoreSubmission(scored, fields, {
    fillMs: issued === undefined ? undefined : now - issued,
    sameTextSenders,
  });
  if (score.verdict === 'hold') {
    reasons.push(...score.reasons.map(({ rule, reason }) => ({ rule, reason })));
  }
  return reasons;
}

/**
 * Whether a submission's fill time is scored: always on a deploy; off the deploys (a local server)
 * `SPAM_FILL_TIME=off` leaves it out, for a browser test suite whose robot fills a form in a
 * second and must still make leads of it.
 */
export function fillTimed(context: FunctionContext): boolean {
  return isDeployed(context.deploy?.context) || readEnv('SPAM_FILL_TIME') !== 'off';
}

/**
 * What a honeypot catch keeps: the kind's own fields that are text, each cut to
 * CAUGHT_FIELD_CHARS (its body was never validated, so nothing else of it is trusted).
 */
export function caughtFields(kind: AnyLeadKind, data: FieldValues): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const field of Object.keys(kind.labels).slice(0, CAUGHT_FIELDS)) {
    const value = data[field];
    if (typeof value === 'string' && value !== '') kept[field] = value.slice(0, CAUGHT_FIELD_CHARS);
  }
  return kept;
}

/** The screening a kind's public submission goes through (submission.ts calls these). */
export interface Screening<S extends v.GenericSchema = v.GenericSchema> {
  /** Reasons to hold a validated submission (empty: accept). */
  reasons(
    fields: v.InferOutput<S>,
    proof: ProofOutcome,
    context: FunctionContext,
  ): Promise<HeldReason[]>;
  /** Stores it held (with its file, if its kind has one). */
  hold(
    fields: FieldValues,
    details: Parameters<typeof hold>[2],
    key?: string,
    file?: CheckedFile,
  ): Promise<Stamped>;
  /** Stores a honeypot catch held, with what of it can be kept. */
  caught(data: FieldValues, lang: Locale): Promise<Stamped>;
  /**
   * What the answer says of an acknowledgement: what an accepted one with these fields would
   * usually say (a held submission is answered exactly as an accepted one; it is acknowledged
   * only if the admin finds it is not spam).
   */
  acknowledgedAsIf(fields: FieldValues): boolean;
}

export function screening(kind: AnyLeadKind): Screening {
  return {
    reasons: (fields, proof, context) =>
      holdReasons(kind, fields as FieldValues, proof, context.ip, Date.now(), fillTimed(context)),
    hold: (fields, details, key, file) => hold(kind, fields, details, key, Date.now(), file),
    acknowledgedAsIf: (fields) =>
      acknowledging() && safeReplyTo(sender(kind, fields).email) !== undefined,
    caught: (data, lang) =>
      hold(kind, caughtFields(kind, data), {
        lang,
        verification: 'unverified',
        reasons: [HONEYPOT],
      }),
  };
}
