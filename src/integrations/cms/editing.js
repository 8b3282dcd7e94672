/**
 * How the CMS's text fields speak to an editor. A browser module copied as it is to
 * /cms/editing.js (src/integrations/cms.ts), next to Decap's prebuilt bundle, which provides
 * `CMS`, React's `h` and `createClass`; plain JavaScript with nothing to bundle.
 *
 * - Messages: Decap words a pattern's failure as "Title didn't match the pattern: <message>.";
 *   the generated patterns (src/integrations/cms/fields.ts) carry whole sentences, shown as they
 *   are.
 * - Counters: a text field with a length limit (its `characters` option) shows how many
 *   characters it holds against the limit as the editor types, counted as the build counts
 *   them: without spaces at either end.
 */
const { CMS, h, createClass } = /** @type {any} */ (window);

/** "42 of 50 to 170 characters", "3 characters, at most 70"… */
export function counterText(
  /** @type {number} */ count,
  /** @type {{min?: number, max?: number}} */ limits,
) {
  const { min, max } = limits;
  const unit = count === 1 ? 'character' : 'characters';
  if (min !== undefined && max !== undefined) return `${count} ${unit}; ${min} to ${max} allowed`;
  if (max !== undefined) return `${count} ${unit}; at most ${max} allowed`;
  return `${count} ${unit}; at least ${min} needed`;
}

/** Shows the pattern's own sentence as the whole message. */
export function registerMessages() {
  const widget = CMS.getLocale('en')?.editor?.editorControlPane?.widget;
  if (widget) widget.regexPattern = '%{pattern}';
}

const counterStyle = { margin: '6px 0 0', fontSize: '13px', color: '#5d626f' };
const overStyle = { ...counterStyle, color: '#b42318', fontWeight: 600 };

/** The string and text widgets, each with a character counter under a limited field. */
export function registerCounters() {
  for (const name of ['string', 'text']) {
    const base = CMS.getWidget(name);
    if (!base) continue;
    const Counted = createClass({
      render() {
        const control = h(base.control, this.props);
        const limits = this.props.field.get('characters')?.toJS();
        if (!limits) return control;
        const count = String(this.props.value ?? '').trim().length;
        const outside =
          (limits.min !== undefined && count < limits.min) ||
          (limits.max !== undefined && count > limits.max);
        return h(
          'div',
          null,
          control,
          h(
            'p',
            { 'data-counter': '', style: outside ? overStyle : counterStyle },
            counterText(count, limits),
          ),
        );
      },
    });
    CMS.registerWidget(name, Counted, base.preview, base.schema);
  }
}
