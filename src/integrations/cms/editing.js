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

/** True when a value holds anything: text that is not only spaces, a number, a yes, an item. */
export function filledIn(/** @type {unknown} */ value) {
  if (typeof value === 'string') return value.trim() !== '';
  if (typeof value === 'number') return true;
  if (typeof value === 'boolean') return value;
  if (Array.isArray(value)) return value.some(filledIn);
  if (value !== null && typeof value === 'object') return Object.values(value).some(filledIn);
  return false;
}

/**
 * The message for a blank field of an optional object once the rest of it is filled in (its
 * `required_with`, src/integrations/cms/fields.ts), or undefined.
 */
export function missingWith(
  /** @type {string} */ label,
  /** @type {unknown} */ value,
  /** @type {{path: string, label: string} | undefined} */ within,
  /** @type {unknown} */ data,
) {
  if (within === undefined || filledIn(value)) return undefined;
  const object = within.path
    .split('.')
    .reduce((/** @type {any} */ at, key) => (at == null ? undefined : at[key]), data);
  if (!filledIn(object)) return undefined;
  return `${label} is needed once anything else in “${within.label}” is filled in.`;
}

/**
 * The string and text widgets, each with a character counter under a limited field, and a field
 * of an optional object asked for once the rest of the object is filled in.
 */
export function registerCounters() {
  for (const name of ['string', 'text']) {
    const base = CMS.getWidget(name);
    if (!base) continue;
    const Counted = createClass({
      isValid() {
        // The entry as it is now (the `entry` prop can lag behind the other fields' edits).
        const { field, value, getEntry, entry: passed } = this.props;
        const entry = getEntry?.() ?? passed;
        const message = missingWith(
          field.get('label', field.get('name')),
          value,
          field.get('required_with')?.toJS(),
          entry?.get('data')?.toJS(),
        );
        return message === undefined ? true : { error: { type: 'CUSTOM', message } };
      },
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

/** Where /cms/ serves Lucide's sprite and tags, and the illustrations (src/integrations/cms.ts). */
export const ICON_SPRITE = '/cms/icons.svg';
const ICON_TAGS = '/cms/icon-tags.json';
export const illustrationUrl = (/** @type {string} */ name) => `/cms/illustrations/${name}.svg`;

/** A Lucide icon drawn from the sprite, as the site draws it (stroke in the text colour). */
export function glyph(/** @type {string} */ name, size = 24) {
  return h(
    'svg',
    {
      width: size,
      height: size,
      viewBox: '0 0 24 24',
      fill: 'none',
      stroke: 'currentColor',
      strokeWidth: 2,
      strokeLinecap: 'round',
      strokeLinejoin: 'round',
      'aria-hidden': 'true',
      focusable: 'false',
    },
    h('use', { href: `${ICON_SPRITE}#${name}` }),
  );
}

/** @type {Promise<Record<string, string[]>> | undefined} */
let tagsLoading;
const iconTags = () =>
  (tagsLoading ??= fetch(ICON_TAGS).then(
    (response) => (response.ok ? response.json() : {}),
    () => ({}),
  ));

/** How many matches the picker lists at once: enough to choose from, quick to draw. */
export const SHOWN = 40;

/**
 * Icon names matching `query`: by name first (those starting with it before the rest), then by
 * Lucide's tags ("water" finds droplet, waves…).
 */
export function matchIcons(
  /** @type {readonly string[]} */ names,
  /** @type {Record<string, string[]>} */ tags,
  /** @type {string} */ query,
) {
  const q = query.trim().toLowerCase();
  if (q === '') return [...names];
  const starts = names.filter((name) => name.startsWith(q));
  const contains = names.filter((name) => !name.startsWith(q) && name.includes(q));
  const tagged = names.filter(
    (name) => !name.includes(q) && (tags[name] ?? []).some((tag) => tag.includes(q)),
  );
  return [...starts, ...contains, ...tagged];
}

const row = { display: 'flex', alignItems: 'center', gap: '10px' };
const listStyle = {
  listStyle: 'none',
  margin: '6px 0 0',
  padding: '4px',
  maxHeight: '288px',
  overflowY: 'auto',
  border: '1px solid #dfdfe3',
  borderRadius: '5px',
  background: '#fff',
};
const optionStyle = { ...row, padding: '6px 8px', borderRadius: '4px', cursor: 'pointer' };
const activeStyle = { ...optionStyle, background: '#e8f0ea', outline: '2px solid #1f5132' };

/** Icon fields: a search box over the names and tags, each match shown with its glyph. */
const iconControl = () =>
  createClass({
    getInitialState() {
      return { query: '', open: false, active: 0, tags: {} };
    },
    componentDidMount() {
      void iconTags().then((tags) => this.setState({ tags }));
    },
    names() {
      return this.props.field.get('options')?.toJS() ?? [];
    },
    isValid() {
      const { value, field } = this.props;
      if (!value && field.get('required') === false) return true;
      if (this.names().includes(value)) return true;
      return {
        error: { type: 'CUSTOM', message: 'Choose an icon from the list: type to search.' },
      };
    },
    matches() {
      return matchIcons(this.names(), this.state.tags, this.state.query);
    },
    choose(/** @type {string} */ name) {
      this.props.onChange(name);
      this.setState({ open: false, query: '', active: 0 });
    },
    onKeyDown(/** @type {KeyboardEvent} */ event) {
      const shown = this.matches().slice(0, SHOWN);
      const move = (/** @type {number} */ by) => {
        event.preventDefault();
        const active = Math.max(0, Math.min(shown.length - 1, this.state.active + by));
        this.setState({ open: true, active });
        document
          .getElementById(`${this.props.forID}-option-${active}`)
          ?.scrollIntoView({ block: 'nearest' });
      };
      if (event.key === 'ArrowDown') move(1);
      else if (event.key === 'ArrowUp') move(-1);
      else if (event.key === 'Enter' && this.state.open && shown[this.state.active]) {
        event.preventDefault();
        this.choose(shown[this.state.active]);
      } else if (event.key === 'Escape' && this.state.open) {
        event.preventDefault();
        this.setState({ open: false, query: '' });
      }
    },
    render() {
      const { forID, value, classNameWrapper, setActiveStyle, setInactiveStyle } = this.props;
      const { open, query, active } = this.state;
      const matches = open ? this.matches() : [];
      const shown = matches.slice(0, SHOWN);
      const listId = `${forID}-list`;
      return h(
        'div',
        null,
        h(
          'div',
          { style: row },
          h('span', { style: { ...row, color: '#1f5132' } }, value ? glyph(value, 28) : null),
          h('input', {
            id: forID,
            className: classNameWrapper,
            type: 'text',
            role: 'combobox',
            autoComplete: 'off',
            'aria-autocomplete': 'list',
            'aria-expanded': open ? 'true' : 'false',
            'aria-controls': listId,
            'aria-activedescendant':
              open && shown[active] ? `${forID}-option-${active}` : undefined,
            placeholder: 'Type to search, e.g. water',
            value: open ? query : (value ?? ''),
            onFocus: () => {
              setActiveStyle?.();
              this.setState({ open: true, query: '', active: 0 });
            },
            onBlur: () => {
              setInactiveStyle?.();
              this.setState({ open: false, query: '' });
            },
            onChange: (/** @type {any} */ event) =>
              this.setState({ query: event.target.value, open: true, active: 0 }),
            onKeyDown: this.onKeyDown,
          }),
        ),
        open &&
          h(
            'ul',
            { id: listId, role: 'listbox', 'aria-label': 'Icons', style: listStyle },
            ...shown.map((name, index) =>
              h(
                'li',
                {
                  key: name,
                  id: `${forID}-option-${index}`,
                  role: 'option',
                  'aria-selected': index === active ? 'true' : 'false',
                  style: index === active ? activeStyle : optionStyle,
                  // Chosen before the input's blur closes the list.
                  onMouseDown: (/** @type {MouseEvent} */ event) => {
                    event.preventDefault();
                    this.choose(name);
                  },
                },
                glyph(name),
                name,
              ),
            ),
          ),
        open &&
          h(
            'p',
            { style: counterStyle, 'aria-live': 'polite' },
            matches.length === 0
              ? 'No icon matches.'
              : matches.length > SHOWN
                ? `${matches.length} icons match; the first ${SHOWN} are shown.`
                : `${matches.length} ${matches.length === 1 ? 'icon matches' : 'icons match'}.`,
          ),
      );
    },
  });

const tileStyle = {
  display: 'grid',
  gap: '4px',
  padding: '4px',
  border: '2px solid transparent',
  borderRadius: '6px',
  background: 'none',
  font: 'inherit',
  fontSize: '12px',
  textAlign: 'center',
  cursor: 'pointer',
};
const chosenTile = { ...tileStyle, borderColor: '#1f5132', background: '#e8f0ea' };

/** Illustration fields: every illustration as a thumbnail with its name, one chosen. */
const illustrationControl = () =>
  createClass({
    isValid() {
      const { value, field } = this.props;
      const names = field.get('options')?.toJS() ?? [];
      if (!value && field.get('required') === false) return true;
      if (names.includes(value)) return true;
      return { error: { type: 'CUSTOM', message: 'Choose one of the illustrations.' } };
    },
    render() {
      const { forID, value, field, onChange } = this.props;
      const names = field.get('options')?.toJS() ?? [];
      const optional = field.get('required') === false;
      const tile = (
        /** @type {string} */ name,
        /** @type {any} */ picture,
        /** @type {string} */ label,
      ) =>
        h(
          'button',
          {
            key: name || 'none',
            type: 'button',
            'aria-pressed': value === name || (!value && !name) ? 'true' : 'false',
            style: value === name || (!value && !name) ? chosenTile : tileStyle,
            onClick: () => onChange(name || undefined),
          },
          picture,
          label,
        );
      return h(
        'div',
        {
          id: forID,
          role: 'group',
          'aria-label': field.get('label'),
          style: {
            display: 'grid',
            gap: '8px',
            gridTemplateColumns: 'repeat(auto-fill, minmax(120px, 1fr))',
          },
        },
        optional
          ? tile(
              '',
              h('span', { style: { height: '70px', display: 'grid', placeItems: 'center' } }, '—'),
              'None',
            )
          : null,
        ...names.map((/** @type {string} */ name) =>
          tile(
            name,
            h('img', {
              src: illustrationUrl(name),
              alt: '',
              width: 120,
              height: 80,
              loading: 'lazy',
              style: { width: '100%', height: 'auto', borderRadius: '4px' },
            }),
            name,
          ),
        ),
      );
    },
  });

/** The pickers the generated config names (`widget: icon`, `widget: illustration`). */
export function registerPickers() {
  const preview = (/** @type {any} */ { value }) =>
    value ? h('span', null, glyph(value), ` ${value}`) : null;
  CMS.registerWidget('icon', iconControl(), preview);
  CMS.registerWidget('illustration', illustrationControl(), (/** @type {any} */ { value }) =>
    value ? h('img', { src: illustrationUrl(value), alt: '', width: 240 }) : null,
  );
}
