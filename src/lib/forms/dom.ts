/** What the public forms' scripts need of the page around a form: fields, focus and the URL. */
import { validation as enValidation } from '../../i18n/forms/en-validation';

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

/** Said (in English) of a field the server refused on a form post made before the script took over. */
export const RECHECK_MESSAGE = enValidation.recheck;

/**
 * A form posted before its script ran (or without scripts) comes back as `?error=1&fields=a,b#anchor`
 * when the server refuses it. Returns the refused field names, each with `message` (the page's
 * language's "Please check this field."), or null when this page was not such a return for the
 * form at `anchor`.
 */
export function returnedFieldErrors(
  anchor: string,
  message: string = RECHECK_MESSAGE,
): Record<string, string> | null {
  if (typeof location === 'undefined' || location.hash !== `#${anchor}`) return null;
  const params = new URLSearchParams(location.search);
  if (!params.get('error')) return null;
  const fields = (params.get('fields') ?? '').split(',').filter(Boolean);
  return Object.fromEntries(fields.map((field) => [field, message]));
}
