/**
 * JSON posts of the public forms. Each carries the `Idempotency-Key` of its draft: a retry of the
 * same submission (after a 503, a timeout or a lost connection) reuses the key, so the server
 * stores it once however often it arrives; an edited submission gets a new key (see
 * useSessionDraft).
 */

/** What a JSON form post came back with. */
export type SubmitResult =
  | { ok: true }
  | {
      ok: false;
      /** HTTP status; 0 when no answer came (network failure). */
      status: number;
      fields: Record<string, string>;
      error: string | undefined;
      /** Sending the same values again may well succeed: nothing the visitor typed is wrong. */
      retryable: boolean;
    };

/** The server's statuses for "not now" (and 0: no answer at all). */
export function isRetryable(status: number): boolean {
  return status === 0 || status === 408 || status === 429 || status >= 500;
}

/**
 * A fresh idempotency key: a random UUID. `crypto.randomUUID` exists only on secure pages
 * (https, localhost), so elsewhere (a test on a LAN address) the same form is built from
 * `getRandomValues`, which every browser has.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40; // version 4
  bytes[8] = (bytes[8]! & 0x3f) | 0x80; // RFC 9562 variant
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** What the server accepts as an idempotency key. */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;

/**
 * Posts a form's values as JSON, with `idempotencyKey` as the `Idempotency-Key` header. Only the
 * status decides success (SPEC §7); on failure the server's field messages are returned for
 * display and its whole answer is logged.
 */
export async function postJson(
  url: string,
  body: unknown,
  idempotencyKey?: string,
): Promise<SubmitResult> {
  const headers: Record<string, string> = {
    'Content-Type': 'application/json',
    Accept: 'application/json',
  };
  if (idempotencyKey) headers['Idempotency-Key'] = idempotencyKey;
  try {
    const response = await fetch(url, { method: 'POST', headers, body: JSON.stringify(body) });
    if (response.ok) return { ok: true };
    const answer: unknown = await response.json().catch(() => null);
    console.error(`POST ${url} failed with ${response.status}`, answer);
    const record =
      typeof answer === 'object' && answer !== null ? (answer as Record<string, unknown>) : {};
    const fields =
      typeof record['fields'] === 'object' && record['fields'] !== null
        ? (record['fields'] as Record<string, string>)
        : {};
    return {
      ok: false,
      status: response.status,
      fields,
      error: typeof record['error'] === 'string' ? record['error'] : undefined,
      retryable: isRetryable(response.status),
    };
  } catch (error) {
    console.error(`POST ${url} failed`, error);
    return { ok: false, status: 0, fields: {}, error: undefined, retryable: true };
  }
}

/** The honeypot's value as the browser holds it (bots fill it in; people cannot see it). */
export function honeypotValue(form: HTMLFormElement | null): string {
  const value = form ? new FormData(form).get('website') : null;
  return typeof value === 'string' ? value : '';
}

/**
 * Moves the view and the focus to the first of `fields` (in form order) that is on the page;
 * each field's control (or its group's fieldset) has the id `idPrefix + field`.
 */
export function focusFirstInvalid(
  form: HTMLFormElement | null,
  fields: readonly string[],
  idPrefix: string,
): void {
  if (!form) return;
  for (const name of fields) {
    const target = form.querySelector<HTMLElement>(`#${CSS.escape(idPrefix + name)}`);
    if (!target) continue;
    target.scrollIntoView({
      block: 'center',
      behavior: matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth',
    });
    target.focus({ preventScroll: true });
    return;
  }
}

/** Said of a field the server refused on a form post made before the island took over. */
export const RECHECK_MESSAGE = 'Please check this field.';

/**
 * A form posted before hydration (or without scripts) comes back as `?error=1&fields=a,b#anchor`
 * when the server refuses it. Returns the refused field names, or null when this page was not
 * such a return for the form at `anchor`.
 */
export function returnedFieldErrors(anchor: string): Record<string, string> | null {
  if (typeof location === 'undefined' || location.hash !== `#${anchor}`) return null;
  const params = new URLSearchParams(location.search);
  if (!params.get('error')) return null;
  const fields = (params.get('fields') ?? '').split(',').filter(Boolean);
  return Object.fromEntries(fields.map((field) => [field, RECHECK_MESSAGE]));
}
