/** The lists' search state in the page URL, and the search form's values checked. */
import {
  parseListQuery,
  queryParams,
  type ParsedQuery,
  type SearchSpec,
} from '../../lib/schemas/search';

/** What a panel's search form holds (`q` and each filter, '' for any) and the page shown. */
export interface ListView {
  values: Record<string, string>;
  page: number;
}

/** The parameters a panel owns, unprefixed: `q`, the spec's filters, `page`. */
function ownNames(spec: SearchSpec): string[] {
  return ['q', ...Object.keys(spec.filters), 'page'];
}

/** Empty form values of a spec. */
export function emptyValues(spec: SearchSpec): Record<string, string> {
  return Object.fromEntries(
    ownNames(spec)
      .slice(0, -1)
      .map((name) => [name, '']),
  );
}

/** A panel's view from the page's query string; its names carry `prefix` ('' or 'm'). */
export function readListView(search: string, prefix: string, spec: SearchSpec): ListView {
  const params = new URLSearchParams(search);
  const values = emptyValues(spec);
  for (const name of Object.keys(values)) values[name] = params.get(prefix + name) ?? '';
  const page = Number(params.get(prefix + 'page'));
  return { values, page: Number.isSafeInteger(page) && page > 1 ? page : 1 };
}

/**
 * The query string with this panel's view written in and every other parameter kept (the other
 * panel's among them). Values are written as typed, so a rejected query stays visible to correct.
 */
export function writeListView(
  search: string,
  prefix: string,
  spec: SearchSpec,
  view: ListView,
): string {
  const params = new URLSearchParams(search);
  for (const name of ownNames(spec)) params.delete(prefix + name);
  const { q = '', ...rest } = view.values;
  const filters = Object.fromEntries(
    Object.keys(spec.filters).map((name) => [name, rest[name] ?? '']),
  );
  for (const [name, value] of queryParams({ q, filters }, view.page))
    params.set(prefix + name, value);
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}

/** The form's values checked by the API's own rules (same messages as its 400). */
export function parseValues(values: Record<string, string>, spec: SearchSpec): ParsedQuery {
  return parseListQuery(new URLSearchParams(values), spec);
}
