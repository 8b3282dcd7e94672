/**
 * One content field's JSON Schema (as `astro sync` writes it to .astro/collections/) → one Decap
 * CMS field. Astro's JSON Schema keeps types, required, lengths, item counts, enums, defaults and
 * descriptions, but not the zod refinements that check names (icons, illustrations, slide
 * images), nor which strings are long prose: those come in as `NameLists` and `LONG_TEXT`.
 * Each field's description (`.describe()` in src/content.config.ts) is its hint under the field;
 * terse field names get a label of their own (`LABELS`).
 * A record (a map with free keys) has no Decap widget; it becomes an object of the keys the
 * content already uses (`recordKeys`), each optional, so no existing entry loses a key.
 * Decap checks the required fields of an optional object even when the entry has no such
 * object (a page without `closing` could not be saved), so below an optional object every field
 * is optional to Decap; instead such a field says which object it belongs to (`required_with`),
 * and the CMS asks for it once anything else there is filled in (a photo without its
 * description). The build's content check requires them too.
 */

/** The part of JSON Schema that Astro writes for zod schemas. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: JsonSchema | boolean;
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  description?: string;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  /** `date-time` for a zod date (Astro's JSON Schema writes dates so). */
  format?: string;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
}

/** A Decap CMS field (only the keys this generator writes). */
export interface CmsField {
  name: string;
  label: string;
  widget: string;
  required?: false;
  hint?: string;
  default?: unknown;
  options?: readonly string[];
  multiple?: false;
  pattern?: [string, string];
  value_type?: 'int' | 'float';
  min?: number;
  max?: number;
  step?: number;
  field?: CmsField;
  fields?: CmsField[];
  collapsed?: boolean;
  modes?: string[];
  /** A date field: saved and shown as `YYYY-MM-DD`, with no time. */
  format?: string;
  date_format?: string;
  time_format?: false;
  /** An image field takes uploads only, never a URL from elsewhere. */
  choose_url?: false;
  /** Length limits a counter under a text field shows (src/integrations/cms/editing.js). */
  characters?: { min?: number; max?: number };
  /**
   * A field the schema requires inside an optional object: needed once anything else of that
   * object (at `path` in the entry's data) is filled in (src/integrations/cms/editing.js).
   */
  required_with?: OptionalObject;
  /**
   * Decap's i18n: `translate` where each language has its own value (shown in every language's
   * column), `duplicate` where every language has English's (src/integrations/cms/i18n.ts);
   * `true` is `translate` for a list or an object, whose schemas take a boolean only.
   */
  i18n?: 'translate' | 'duplicate' | true;
}

/** An optional object of an entry, by its dotted path in the data and its label. */
export interface OptionalObject {
  path: string;
  label: string;
}

/** Allowed values of string fields that name something, by field name (`icon`, `image`). */
export type NameLists = Readonly<Record<string, NameList>>;

/** The names a field may take, and the widget that offers them (a picker, or a plain select). */
export interface NameList {
  /** `image`: Decap's upload widget (the media library); the build checks the file exists. */
  widget: 'select' | 'icon' | 'illustration' | 'image';
  options: readonly string[];
}

export interface FieldContext {
  names: NameLists;
  /** The keys the content uses for a record at a dotted path, e.g. `sections`. */
  recordKeys: (path: string) => readonly string[];
  /** Fields fixed for this collection (e.g. an item's `group` in its group's folder). */
  fixed?: Readonly<Record<string, string>>;
  /** True below an optional object: nothing there is required in the CMS. */
  optionalParent?: boolean;
  /** The nearest optional object above, outside any list (lists have no fixed data path). */
  optionalObject?: OptionalObject;
  /** True inside a list's items. */
  inList?: boolean;
}

/** Strings that hold paragraphs of copy: a multi-line text box rather than one line. */
const LONG_TEXT = new Set(['description', 'text', 'lead', 'subtitle', 'summary']);

/** zod's int() writes JavaScript's safe-integer range, which says nothing to an editor. */
const UNBOUNDED = Number.MAX_SAFE_INTEGER;

/** `buttonHref` → `Button href`. */
export function labelOf(name: string): string {
  const words = name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/[-_]/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1).toLowerCase();
}

/** Labels for field names too terse to say what they hold; the rest come from `labelOf`. */
const LABELS: Readonly<Record<string, string>> = {
  alt: 'Photo description (alt text)',
  buttonHref: 'Button link',
  hero: 'Hero banner',
  intro: 'Intro paragraphs',
  lead: 'Lead line',
  link: 'Links to',
  order: 'Position',
};

function typeOf(schema: JsonSchema): string | undefined {
  if (Array.isArray(schema.type)) return schema.type.find((type) => type !== 'null');
  return schema.type;
}

/**
 * Decap checks `pattern` as a RegExp on the saved string; lengths become one. The content schemas
 * trim text before they count it (src/content.config.ts's `text()`), so the pattern does too:
 * spaces at either end are outside the counted part, which starts and ends with a non-space, so a
 * blank or spaces-only value never passes. The message is a whole sentence (editing.js shows it
 * as it is).
 */
export function lengthPattern(schema: JsonSchema): [string, string] {
  const { minLength, maxLength: max } = schema;
  const min = Math.max(minLength ?? 1, 1);
  // Leading spaces, then the counted part (from a non-space to a non-space), trailing spaces.
  const pattern = `^\\s*(?=\\S)[\\s\\S]{${min},${max ?? ''}}(?<=\\S)\\s*$`;
  const message =
    max !== undefined
      ? `Use ${min} to ${max} characters, not counting spaces at either end.`
      : min > 1
        ? `Use at least ${min} characters, not counting spaces at either end.`
        : 'Write something here: it cannot be blank or only spaces.';
  return [pattern, message];
}

/** The limits a counter under the field shows (editing.js), where the schema sets real ones. */
function characterLimits(schema: JsonSchema): CmsField['characters'] {
  const min = (schema.minLength ?? 0) > 1 ? schema.minLength : undefined;
  const max = schema.maxLength;
  if (min === undefined && max === undefined) return undefined;
  return { ...(min !== undefined && { min }), ...(max !== undefined && { max }) };
}

function base(name: string, schema: JsonSchema, required: boolean) {
  const field: Omit<CmsField, 'widget'> = { name, label: LABELS[name] ?? labelOf(name) };
  if (!required) field.required = false;
  if (schema.description !== undefined) field.hint = schema.description;
  // An object's default ({}) is what Decap does anyway with an empty object.
  if (schema.default !== undefined && typeOf(schema) !== 'object') field.default = schema.default;
  return field;
}

/** Decap's date picker, saving the calendar day alone (content reads `YYYY-MM-DD`). */
const DAY_WIDGET = {
  widget: 'datetime',
  format: 'YYYY-MM-DD',
  date_format: 'YYYY-MM-DD',
  time_format: false,
} as const;

/** `options` is kept as given: one list shared by many fields is written once (a YAML anchor). */
function select(options: readonly string[]) {
  return { widget: 'select', options, multiple: false as const };
}

/** The Decap field for property `name` (at dotted `path`) of a collection's schema. */
export function fieldOf(
  name: string,
  schema: JsonSchema,
  required: boolean,
  context: FieldContext,
  path = name,
): CmsField {
  const field = base(name, schema, required && context.optionalParent !== true);
  if (required && context.optionalObject !== undefined) {
    field.required_with = context.optionalObject;
  }
  const below: FieldContext =
    field.required === false
      ? {
          ...context,
          optionalParent: true,
          ...(typeOf(schema) === 'object' &&
            !context.inList && { optionalObject: { path, label: field.label } }),
        }
      : context;
  const fixed = context.fixed?.[path];
  if (fixed !== undefined) return { ...field, widget: 'hidden', default: fixed };
  if (schema.const !== undefined) return { ...field, widget: 'hidden', default: schema.const };
  if (schema.enum !== undefined) {
    if (schema.enum.length === 1) return { ...field, widget: 'hidden', default: schema.enum[0] };
    return { ...field, ...select(schema.enum.map(String)) };
  }
  switch (typeOf(schema)) {
    case 'string': {
      const names = context.names[name];
      if (names?.widget === 'image') return { ...field, widget: 'image', choose_url: false };
      if (names !== undefined) return { ...field, ...select(names.options), widget: names.widget };
      // A day (an opening's closing date): a date picker that saves `YYYY-MM-DD`, no time.
      if (schema.format === 'date-time' || schema.format === 'date') {
        return { ...field, ...DAY_WIDGET };
      }
      const pattern =
        schema.pattern !== undefined
          ? ([schema.pattern, 'This is not in the expected form.'] as [string, string])
          : lengthPattern(schema);
      const characters = characterLimits(schema);
      return {
        ...field,
        widget: LONG_TEXT.has(name) ? 'text' : 'string',
        pattern,
        ...(characters && { characters }),
      };
    }
    case 'integer':
    case 'number': {
      const number: CmsField = {
        ...field,
        widget: 'number',
        value_type: typeOf(schema) === 'integer' ? 'int' : 'float',
      };
      if (schema.minimum !== undefined && Math.abs(schema.minimum) < UNBOUNDED)
        number.min = schema.minimum;
      if (schema.maximum !== undefined && Math.abs(schema.maximum) < UNBOUNDED)
        number.max = schema.maximum;
      if (typeOf(schema) === 'integer') number.step = 1;
      return number;
    }
    case 'boolean':
      return { ...field, widget: 'boolean' };
    case 'array': {
      const list: CmsField = { ...field, widget: 'list' };
      if (schema.minItems !== undefined) list.min = schema.minItems;
      if (schema.maxItems !== undefined) list.max = schema.maxItems;
      const items = schema.items ?? { type: 'string' };
      // An item exists once added: its own required fields apply, whatever holds the list.
      const inItem: FieldContext = { ...context, optionalParent: false, inList: true };
      delete inItem.optionalObject;
      if (typeOf(items) === 'object' && items.properties !== undefined) {
        list.fields = fieldsOf(items, inItem, path);
        list.collapsed = true;
      } else {
        // One `field`: Decap saves a plain list of values, as the schema has it; shown open,
        // since a collapsed value would only show its label.
        list.field = {
          ...fieldOf('item', items, true, inItem, `${path}.item`),
          label: field.label,
        };
        list.collapsed = false;
      }
      return list;
    }
    case 'object': {
      if (schema.properties !== undefined) {
        return { ...field, widget: 'object', fields: fieldsOf(schema, below, path) };
      }
      const value =
        typeof schema.additionalProperties === 'object' ? schema.additionalProperties : {};
      return {
        ...field,
        widget: 'object',
        collapsed: true,
        fields: context
          .recordKeys(path)
          .map((key) => fieldOf(key, value, false, below, `${path}.${key}`)),
      };
    }
    default:
      throw new Error(
        `No CMS widget for field "${path}" (JSON Schema type ${String(schema.type)})`,
      );
  }
}

/** Fields of an object schema, in its order; `$schema` (an editor hint of Astro's) is left out. */
export function fieldsOf(schema: JsonSchema, context: FieldContext, prefix = ''): CmsField[] {
  const required = new Set(schema.required ?? []);
  return Object.entries(schema.properties ?? {})
    .filter(([name]) => name !== '$schema')
    .map(([name, property]) =>
      fieldOf(name, property, required.has(name), context, prefix ? `${prefix}.${name}` : name),
    );
}
