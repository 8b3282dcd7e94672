import { useEffect, useRef, useState } from 'react';
import {
  ApiError,
  type AdminEnquiry,
  API_MESSAGES,
  deleteEnquiry,
  listEnquiries,
} from '../api/client';
import { ENQUIRY_NOUN } from '../display';
import { ENQUIRY_SEARCH } from '../../lib/schemas/search';
import { useListSearch } from '../hooks/useListSearch';
import Alert from './Alert';
import IndexNotice from './IndexNotice';
import CsvDownloadButton from './CsvDownloadButton';
import EnquiriesTable from './EnquiriesTable';
import EnquiryDetailsModal from './EnquiryDetailsModal';
import ListStatus from './ListStatus';
import Pagination from './Pagination';
import SearchForm from './SearchForm';

const DELETE_CONFIRM =
  'Are you sure you want to delete this enquiry? This action cannot be undone.';

export interface LeadPanelProps {
  /** Changing it reloads the list (records were erased elsewhere on the dashboard). */
  refresh: number;
  /** The store's count of New records, for the dashboard header. */
  onNewCount: (count: number | null) => void;
}

/**
 * The admin's enquiries panel: one server page of 10, newest first, narrowed by the search
 * form (its state in the URL: q, status, type, capacity, timeline, page); View opens the details
 * modal, Delete asks first, then says so and moves to a page that still exists.
 */
export default function EnquiriesPanel({ refresh, onNewCount }: LeadPanelProps) {
  const { list, values, searched, search, clear } = useListSearch(
    '',
    ENQUIRY_SEARCH,
    listEnquiries,
    refresh,
  );
  const [actionError, setActionError] = useState('');
  const [selected, setSelected] = useState<AdminEnquiry | null>(null);
  const viewButton = useRef<HTMLButtonElement | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => onNewCount(list.newCount), [list.newCount, onNewCount]);

  const view = (enquiry: AdminEnquiry, button: HTMLButtonElement) => {
    viewButton.current = button;
    setSelected(enquiry);
  };

  const changed = (enquiry: AdminEnquiry) => {
    setSelected(enquiry);
    list.replaced(enquiry);
  };

  const closed = () => {
    setSelected(null);
    viewButton.current?.focus();
  };

  async function remove(enquiry: AdminEnquiry) {
    if (!window.confirm(DELETE_CONFIRM)) return;
    setActionError('');
    try {
      await deleteEnquiry(enquiry._id);
      window.alert('Enquiry deleted successfully!');
      list.removed(enquiry._id);
      // The row and its buttons are gone: keep the keyboard in this panel.
      heading.current?.focus();
    } catch (error) {
      const message = error instanceof ApiError ? error.message : API_MESSAGES.network;
      setActionError(message);
      if (!(error instanceof ApiError) || (error.status !== 401 && error.status !== 0))
        window.alert(message);
    }
  }

  const { status, items } = list;
  const refused = status === 'error' && list.errorStatus === 400;
  return (
    <section className="admin-section" aria-labelledby="enquiries-heading">
      <div className="admin-section__header">
        <h2 id="enquiries-heading" ref={heading} tabIndex={-1}>
          Admin Enquiries Panel
        </h2>
        <CsvDownloadButton />
      </div>
      <SearchForm
        spec={ENQUIRY_SEARCH}
        label="Search enquiries"
        hint="Name, e-mail, phone, institution or city; part of a word is enough."
        values={values}
        onSearch={search}
        onClear={clear}
        error={refused ? list.error : ''}
      />
      <Alert message={actionError || (status === 'error' && !refused ? list.error : '')} />
      <IndexNotice pending={list.pending} quarantined={list.quarantined} searched={searched} />
      <ListStatus
        list={list}
        noun={ENQUIRY_NOUN}
        searched={searched}
        loading="Loading enquiries..."
        empty="No enquiries found."
        onClear={clear}
      />
      {items.length > 0 && (
        <EnquiriesTable
          enquiries={items}
          busy={status === 'loading'}
          onView={view}
          onDelete={(enquiry) => void remove(enquiry)}
        />
      )}
      <Pagination
        page={list.page}
        pages={list.pages}
        onPage={list.setPage}
        label="Enquiries pages"
      />
      <EnquiryDetailsModal enquiry={selected} onClose={closed} onChange={changed} />
    </section>
  );
}
