/**
 * The fields of a schema whose value can only be one of its fixed options (a picklist, or a list
 * of picklist items), with those options. What a sender picked from them is our own text, so it
 * may be quoted back to them; every other field holds their own words
 * (functions/_lib/acknowledgement.ts quotes only these).
 */
import type * as v from 'valibot';

/** The parts of a valibot schema this walk reads (public properties of its objects). */
interface SchemaNode {
  readonly type?: string;
  readonly pipe?: readonly SchemaNode[];
  readonly wrapped?: SchemaNode;
  readonly item?: SchemaNode;
  readonly options?: readonly unknown[];
  readonly entries?: Readonly<Record<string, SchemaNode>>;
}

/** Schemas and actions of a pipe, wrappers (nullish, optional) and list items under `node`. */
function children(node: SchemaNode): SchemaNode[] {
  const inner = [node.wrapped, node.item].filter((child) => child !== undefined);
  return [...(node.pipe ?? []).filter((child) => child !== node), ...inner];
}

/** The picklist options that bound `node`'s value, or undefined when it is free text. */
function optionsOf(node: SchemaNode, depth = 0): readonly string[] | undefined {
  if (node.type === 'picklist' && Array.isArray(node.options)) {
    return node.options.filter((option): option is string => typeof option === 'string');
  }
  if (depth > 6) return undefined;
  for (const child of children(node)) {
    const found = optionsOf(child, depth + 1);
    if (found) return found;
  }
  return undefined;
}

/** The object schema's entries, through any pipe around it. */
function entriesOf(node: SchemaNode, depth = 0): Readonly<Record<string, SchemaNode>> | undefined {
  if (node.type === 'object' && node.entries) return node.entries;
  if (depth > 6) return undefined;
  for (const child of node.pipe ?? []) {
    if (child === node) continue;
    const found = entriesOf(child, depth + 1);
    if (found) return found;
  }
  return undefined;
}

/** Each field of `schema` that holds only fixed options, with its options. */
export function choiceFields(schema: v.GenericSchema): ReadonlyMap<string, readonly string[]> {
  const choices = new Map<string, readonly string[]>();
  for (const [field, entry] of Object.entries(entriesOf(schema as SchemaNode) ?? {})) {
    const options = optionsOf(entry);
    if (options) choices.set(field, options);
  }
  return choices;
}
