import { useCallback, useEffect, useState } from 'react';
import { ApiError, API_MESSAGES, type Page } from '../api/client';
import { pageCount, pageWithin } from '../display';
import { DEFAULT_STATUS, type Status } from '../../lib/schemas';

export interface PagedList<T> {
  status: 'loading' | 'loaded' | 'error';
  items: T[];
  total: number;
  /** New records in the whole store (X-New-Count), null while the server does not say. */
  newCount: number | null;
  /** Records the server could not search yet (X-Index-Pending). */
  pending: number;
  /** Records the server set aside as unreadable (X-Quarantined). */
  quarantined: string[];
  page: number;
  pages: number;
  error: string;
  /** The HTTP status of the failure (400: the search was refused), 0 without an answer. */
  errorStatus: number;
  setPage: (page: number) => void;
  /** After a delete: drops the item at once, then shows a page that exists. */
  removed: (id: string) => void;
  /** After an edit (status, note): shows the record's new state in its row, no reload. */
  replaced: (item: T) => void;
}

interface Options {
  /** The page to show first (from the URL). */
  initialPage?: number;
}

type Lead = { _id: string; status?: Status };

const isNew = (item: Lead | undefined) => (item?.status ?? DEFAULT_STATUS) === 'New';

/**
 * One server page of an admin list (`?page=&pageSize=`, total from X-Total-Count). A page that
 * no longer exists (the list shrank, here or elsewhere) turns into the last page, or page 1.
 * `load` carries the search: a new `load` (a new query) loads again. A status change seen here
 * moves the New count at once, so the dashboard's count follows without reloading the page.
 */
export function usePagedList<T extends Lead>(
  load: (page: number, pageSize: number) => Promise<Page<T>>,
  pageSize: number,
  { initialPage = 1 }: Options = {},
): PagedList<T> {
  const [page, setPage] = useState(initialPage);
  const [version, setVersion] = useState(0);
  const [status, setStatus] = useState<PagedList<T>['status']>('loading');
  const [data, setData] = useState<Page<T>>({
    items: [],
    total: 0,
    newCount: null,
    waitingCount: null,
    pending: 0,
    quarantined: [],
  });
  const [error, setError] = useState({ message: '', status: 0 });

  useEffect(() => {
    let live = true;
    setStatus('loading');
    load(page, pageSize).then(
      (loaded) => {
        if (!live) return;
        const fitting = pageWithin(page, loaded.total, pageSize);
        if (fitting !== page) return setPage(fitting);
        setData(loaded);
        setError({ message: '', status: 0 });
        setStatus('loaded');
      },
      (failure: unknown) => {
        if (!live) return;
        setError(
          failure instanceof ApiError
            ? { message: failure.message, status: failure.status }
            : { message: API_MESSAGES.network, status: 0 },
        );
        // A refused search has no results; other failures leave the last page in view.
        if (failure instanceof ApiError && failure.status === 400)
          setData((current) => ({ ...current, items: [], total: 0 }));
        setStatus('error');
      },
    );
    return () => {
      live = false;
    };
  }, [load, page, pageSize, version]);

  const removed = useCallback(
    (id: string) => {
      const total = Math.max(0, data.total - 1);
      setData({ ...data, items: data.items.filter((item) => item._id !== id), total });
      setPage(pageWithin(page, total, pageSize));
      setVersion((current) => current + 1);
    },
    [data, page, pageSize],
  );

  const replaced = useCallback((item: T) => {
    setData((current) => {
      const old = current.items.find((entry) => entry._id === item._id);
      const shift = old === undefined ? 0 : Number(isNew(item)) - Number(isNew(old));
      return {
        ...current,
        items: current.items.map((entry) => (entry._id === item._id ? item : entry)),
        newCount: current.newCount === null ? null : Math.max(0, current.newCount + shift),
      };
    });
  }, []);

  return {
    status,
    items: data.items,
    total: data.total,
    newCount: data.newCount,
    pending: data.pending,
    quarantined: data.quarantined,
    page,
    pages: pageCount(data.total, pageSize),
    error: error.message,
    errorStatus: error.status,
    setPage,
    removed,
    replaced,
  };
}
