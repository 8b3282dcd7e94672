/**
 * JSON (and, with a file, multipart) posts of the public forms. Each carries the `Idempotency-Key` of its draft: a retry of the
 * same submission (after a 503, a timeout or a lost connection) reuses the key, so the server
 * stores it once however often it arrives; an edited submission gets a new key (see draft.ts).
 *
 * Framework-free, like everything in lib/forms: the React wizard and the contact form's plain
 * script share it.
 */

/** What a JSON form post came back with. */
export type SubmitResult =
  | {
      ok: true;
      /** The lead's reference ("0000-ABCD"), when the answer carried one (shown as text only). */
      reference: string | undefined;
      /** Whether the server queued an acknowledgement e-mail to the sender. */
      acknowledged: boolean;
    }
  | {
      ok: false;
      /** HTTP status; 0 when no answer came (network failure). */
      status: number;
      fields: Record<string, string>;
      error: string | undefined;
      /** Sending the same values again may well succeed: nothing the visitor typed is wrong. */
      retryable: boolean;
    };

/**
 * The server's statuses for "not now" (and 0: no answer at all), and 409: a proof of work spent
 * or expired, which the next send replaces with a fresh one (lib/proof/guard.ts).
 */
export function isRetryable(status: number): boolean {
  return status === 0 || status === 408 || status === 409 || status === 429 || status >= 500;
}

/**
 * Posts a form's values as JSON, with `idempotencyKey` as the `Idempotency-Key` header. Only the
 * status decides success, never the body; on failure the server's field messages are returned for
 * display and its whole answer is logged.
 */
export function postJson(
  url: string,
  body: unknown,
  idempotencyKey?: string,
): Promise<SubmitResult> {
  return post(url, JSON.stringify(body), { 'Content-Type': 'application/json' }, idempotencyKey);
}

/**
 * Posts a form with a file as multipart/form-data (the browser writes the boundary), answered as
 * JSON (`Accept`), where the same post without JavaScript is answered with a redirect; otherwise
 * as postJson.
 */
export function postMultipart(
  url: string,
  body: FormData,
  idempotencyKey?: string,
): Promise<SubmitResult> {
  return post(url, body, {}, idempotencyKey);
}

async function post(
  url: string,
  body: string | FormData,
  contentHeaders: Record<string, string>,
  idempotencyKey: string | undefined,
): Promise<SubmitResult> {
  const headers: Record<string, string> = { ...contentHeaders, Accept: 'application/json' };
  if (idempotencyKey) headers['Idempotency-Key'] = idempotencyKey;
  try {
    const response = await fetch(url, { method: 'POST', headers, body });
    const answer: unknown = await response.json().catch(() => null);
    const record =
      typeof answer === 'object' && answer !== null ? (answer as Record<string, unknown>) : {};
    if (response.ok) {
      return {
        ok: true,
        reference: typeof record['reference'] === 'string' ? record['reference'] : undefined,
        acknowledged: record['acknowledged'] === true,
      };
    }
    console.error(`POST ${url} failed with ${response.status}`, answer);
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
