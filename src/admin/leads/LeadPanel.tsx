import { useEffect, useRef, useState, type ReactNode } from 'react';
import { ApiError, API_MESSAGES, type Page } from '../api/client';
import { deleteLead, listLeads } from '../api/leads';
import type { ListQuery } from '../../lib/schemas/search';
import type { AnyLeadKind } from '../../lib/leads';
import type { Status } from '../../lib/schemas';
import { useListSearch } from '../hooks/useListSearch';
import Alert from '../components/Alert';
import CsvDownloadButton from './CsvDownloadButton';
import IndexNotice from './IndexNotice';
import ListStatus from '../components/ListStatus';
import Pagination from '../components/Pagination';
import SearchForm from '../components/SearchForm';

type Lead = { _id: string; status?: Status };

export interface LeadPanelProps {
  /** The kind's count of New records the frame shows (its navigation, the dashboard's line). */
  shownNewCount: number | null;
  /** Asks the frame to count again: called when the list finds another count of New records. */
  recount: () => void;
}

/** What a kind's view of one page of records is given. */
export interface LeadItems<T> {
  items: T[];
  /** A page is loading: the shown records are about to change. */
  busy: boolean;
  /** Asks, then deletes the record. */
  onDelete: (item: T) => void;
  /** The record after a follow-up change or a reload. */
  onChange: (item: T) => void;
}

interface Props<T extends Lead> extends LeadPanelProps {
  kind: AnyLeadKind;
  /** The records of the page shown, as this kind shows them (a table, a list…). */
  children: (view: LeadItems<T>) => ReactNode;
}

/**
 * The admin's panel of one kind of lead: one server page, newest first, narrowed by the search
 * form (its state in the URL under the kind's prefix: q, status, …, page); the kind's view shows
 * the records; Delete asks first, then the list moves to a page that still exists.
 */
export default function LeadPanel<T extends Lead>({
  kind,
  shownNewCount,
  recount,
  children,
}: Props<T>) {
  const [fetchPage] = useState(
    () => (query: ListQuery, page: number, pageSize: number) =>
      listLeads<T>(kind, query, page, pageSize) as Promise<Page<T>>,
  );
  const { list, values, searched, search, clear } = useListSearch(
    kind.list.urlPrefix,
    kind.search,
    fetchPage,
    kind.list.pageSize,
  );
  const [actionError, setActionError] = useState('');
  const heading = useRef<HTMLHeadingElement>(null);
  const { deleted } = kind.list;

  useEffect(() => {
    if (list.newCount !== null && list.newCount !== shownNewCount) recount();
  }, [list.newCount, shownNewCount, recount]);

  async function remove(item: T) {
    if (!window.confirm(kind.list.deleteConfirm)) return;
    setActionError('');
    try {
      await deleteLead(kind, item._id);
      if (deleted) window.alert(deleted);
      list.removed(item._id);
      // The row and its buttons are gone: keep the keyboard in this panel.
      heading.current?.focus();
    } catch (error) {
      const message = error instanceof ApiError ? error.message : API_MESSAGES.network;
      setActionError(message);
      if (deleted && (!(error instanceof ApiError) || (error.status !== 401 && error.status !== 0)))
        window.alert(message);
    }
  }

  const { status, items } = list;
  const refused = status === 'error' && list.errorStatus === 400;
  const headingId = `${kind.key}-heading`;
  const title = (
    <h2 id={headingId} ref={heading} tabIndex={-1}>
      {kind.list.heading}
    </h2>
  );
  return (
    <section className="admin-section" aria-labelledby={headingId}>
      {kind.csv ? (
        <div className="admin-section__header">
          {title}
          <CsvDownloadButton kind={kind} />
        </div>
      ) : (
        title
      )}
      <SearchForm
        spec={kind.search}
        label={kind.list.searchLabel}
        hint={kind.list.searchHint}
        values={values}
        onSearch={search}
        onClear={clear}
        error={refused ? list.error : ''}
      />
      <Alert message={actionError || (status === 'error' && !refused ? list.error : '')} />
      <IndexNotice pending={list.pending} quarantined={list.quarantined} searched={searched} />
      <ListStatus
        list={list}
        noun={kind.words}
        searched={searched}
        loading={`Loading ${kind.words.many}...`}
        empty={`No ${kind.words.many} found.`}
        onClear={clear}
      />
      {items.length > 0 &&
        children({
          items,
          busy: status === 'loading',
          onDelete: (item) => void remove(item),
          onChange: list.replaced,
        })}
      <Pagination
        page={list.page}
        pages={list.pages}
        onPage={list.setPage}
        label={kind.list.pagesLabel}
      />
    </section>
  );
}
