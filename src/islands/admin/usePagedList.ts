import { useCallback, useEffect, useState } from 'react';
import { ApiError, API_MESSAGES, type Page } from '../../lib/admin-api';
import { pageCount, pageWithin } from '../../lib/admin-display';

export interface PagedList<T> {
  status: 'loading' | 'loaded' | 'error';
  items: T[];
  total: number;
  page: number;
  pages: number;
  error: string;
  setPage: (page: number) => void;
  /** After a delete: drops the item at once, then shows a page that exists (SPEC §4). */
  removed: (id: string) => void;
  /** After an edit (status, note): shows the record's new state in its row, no reload. */
  replaced: (item: T) => void;
}

/**
 * One server page of an admin list (`?page=&pageSize=`, total from X-Total-Count). A page that
 * no longer exists (the list shrank, here or elsewhere) turns into the last page, or page 1.
 */
export function usePagedList<T extends { _id: string }>(
  load: (page: number, pageSize: number) => Promise<Page<T>>,
  pageSize: number,
): PagedList<T> {
  const [page, setPage] = useState(1);
  const [version, setVersion] = useState(0);
  const [status, setStatus] = useState<PagedList<T>['status']>('loading');
  const [data, setData] = useState<Page<T>>({ items: [], total: 0 });
  const [error, setError] = useState('');

  useEffect(() => {
    let live = true;
    setStatus('loading');
    load(page, pageSize).then(
      (loaded) => {
        if (!live) return;
        const fitting = pageWithin(page, loaded.total, pageSize);
        if (fitting !== page) return setPage(fitting);
        setData(loaded);
        setError('');
        setStatus('loaded');
      },
      (failure: unknown) => {
        if (!live) return;
        setError(failure instanceof ApiError ? failure.message : API_MESSAGES.network);
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
      setData({ items: data.items.filter((item) => item._id !== id), total });
      setPage(pageWithin(page, total, pageSize));
      setVersion((current) => current + 1);
    },
    [data, page, pageSize],
  );

  const replaced = useCallback((item: T) => {
    setData((current) => ({
      ...current,
      items: current.items.map((old) => (old._id === item._id ? item : old)),
    }));
  }, []);

  return {
    status,
    items: data.items,
    total: data.total,
    page,
    pages: pageCount(data.total, pageSize),
    error,
    setPage,
    removed,
    replaced,
  };
}
