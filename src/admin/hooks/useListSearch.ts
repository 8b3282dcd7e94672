/**
 * A panel's search, filters and page, kept in the page URL so a reload or a shared link shows the
 * same view. Each panel owns its own names (`prefix`, its kind's `list.urlPrefix`: '' for enquiries, 'm' for messages) and
 * leaves the other's alone. Design: the URL is updated with `history.replaceState`, not
 * pushState: leaving /admin logs out, so Back stepping through searches would only
 * lead to a login; the URL serves reloads and links, not history.
 *
 * The form's values are checked by the API's own rules (src/lib/schemas/search.ts) before any
 * request; a refused query, typed or from a link, fails like the server's 400 with its message.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { ApiError, type Page } from '../api/client';
import { emptyValues, parseValues, readListView, writeListView } from '../display';
import { isEmptyQuery, type ListQuery, type SearchSpec } from '../../lib/schemas/search';
import type { Status } from '../../lib/schemas';
import { usePagedList, type PagedList } from './usePagedList';

export interface ListSearch<T> {
  list: PagedList<T>;
  /** The applied values of the form: `q` and each filter, '' for any. */
  values: Record<string, string>;
  /** True when a valid query narrows the list. */
  searched: boolean;
  /** Applies new values and goes back to page 1. */
  search: (values: Record<string, string>) => void;
  clear: () => void;
}

const currentSearch = () => (typeof location === 'undefined' ? '' : location.search);

export function useListSearch<T extends { _id: string; status?: Status }>(
  prefix: string,
  spec: SearchSpec,
  fetchPage: (query: ListQuery, page: number, pageSize: number) => Promise<Page<T>>,
  pageSize: number,
): ListSearch<T> {
  const [initial] = useState(() => readListView(currentSearch(), prefix, spec));
  const [values, setValues] = useState(initial.values);
  const parsed = useMemo(() => parseValues(values, spec), [values, spec]);
  const load = useCallback(
    (page: number, pageSize: number) =>
      parsed.ok
        ? fetchPage(parsed.query, page, pageSize)
        : Promise.reject(new ApiError(parsed.error, 400)),
    [parsed, fetchPage],
  );
  const list = usePagedList(load, pageSize, { initialPage: initial.page });

  useEffect(() => {
    const search = writeListView(location.search, prefix, spec, { values, page: list.page });
    if (search === location.search) return;
    history.replaceState(history.state, '', `${location.pathname}${search}${location.hash}`);
  }, [prefix, spec, values, list.page]);

  const { setPage } = list;
  const search = useCallback(
    (next: Record<string, string>) => {
      setValues(next);
      setPage(1);
    },
    [setPage],
  );
  const clear = useCallback(() => search(emptyValues(spec)), [search, spec]);

  return { list, values, searched: parsed.ok && !isEmptyQuery(parsed.query), search, clear };
}
