/**
 * What a visitor put in a form before its script took over (typing, pasting, the browser's
 * autofill): a server-rendered form is usable at once, and its script, whenever it arrives,
 * adopts what the fields hold instead of drawing its own empty values over them.
 *
 * Framework-free: the wizard's React hook (islands/forms/useSessionDraft) and the contact form's
 * plain script (scripts/contact-form-enhance.ts) both adopt fields with it.
 */

/** The value shapes a form's fields have: text, a list of ticked boxes, one ticked box. */
type FieldValue = string | readonly string[] | boolean;

/** The controls named `name` in `form` (a group of radio buttons or checkboxes is several). */
function controlsNamed(form: HTMLFormElement, name: string): Element[] {
  const found = form.elements.namedItem(name);
  if (found === null) return [];
  return found instanceof RadioNodeList ? [...found] : [found];
}

/** Whether the visitor changed `control` from what the page's HTML gave it. */
function changed(control: Element): boolean {
  if (control instanceof HTMLInputElement) {
    return control.type === 'checkbox' || control.type === 'radio'
      ? control.checked !== control.defaultChecked
      : control.value !== control.defaultValue;
  }
  if (control instanceof HTMLTextAreaElement) return control.value !== control.defaultValue;
  if (control instanceof HTMLSelectElement) {
    // Without a `selected` option in the HTML, a single select starts on its first option.
    const initial = [...control.options].find((option) => option.defaultSelected);
    return control.value !== (initial ?? control.options[0])?.value;
  }
  return false;
}

/** A field's value as its controls hold it, in the shape of `template`. */
function valueOf(controls: Element[], template: FieldValue): FieldValue {
  const boxes = controls.filter(
    (control): control is HTMLInputElement => control instanceof HTMLInputElement,
  );
  if (Array.isArray(template)) {
    return boxes.filter((box) => box.checked).map((box) => box.value);
  }
  if (typeof template === 'boolean') return boxes.some((box) => box.checked);
  const radios = boxes.filter((box) => box.type === 'radio');
  if (radios.length > 0) return radios.find((radio) => radio.checked)?.value ?? '';
  return (controls[0] as HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement).value;
}

/**
 * The fields of `form` named as the keys of `template` that the visitor changed from the page's
 * HTML (their `defaultValue`, `defaultChecked`, `defaultSelected`), each in its template's shape:
 * text as a string, a group of checkboxes as the list of ticked values, a lone checkbox as a
 * boolean. Fields left as the HTML had them are not in the answer, so what a script had kept
 * (a draft) still fills them; a field typed into wins over it.
 */
export function typedValues<T extends { [K in keyof T]: FieldValue }>(
  form: HTMLFormElement | null,
  template: T,
): Partial<T> {
  const typed: Partial<T> = {};
  if (form === null) return typed;
  for (const name of Object.keys(template) as (keyof T & string)[]) {
    const controls = controlsNamed(form, name);
    if (controls.some(changed)) typed[name] = valueOf(controls, template[name]) as T[typeof name];
  }
  return typed;
}
