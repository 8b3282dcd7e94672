/** What a JSON form post came back with. */
export type SubmitResult =
  { ok: true } | { ok: false; fields: Record<string, string>; error: string | undefined };

/**
 * Posts a form's values as JSON. Only the status decides success (SPEC §7); on failure the
 * server's field messages are returned for display and its whole answer is logged.
 */
export async function postJson(url: string, body: unknown): Promise<SubmitResult> {
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(body),
    });
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
      fields,
      error: typeof record['error'] === 'string' ? record['error'] : undefined,
    };
  } catch (error) {
    console.error(`POST ${url} failed`, error);
    return { ok: false, fields: {}, error: undefined };
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
