import { useRef, useState } from 'react';
import {
  ApiError,
  type AdminEnquiry,
  API_MESSAGES,
  ENQUIRIES_PAGE_SIZE,
  deleteEnquiry,
  listEnquiries,
} from '../../lib/admin-api';
import { usePagedList } from './usePagedList';
import Alert from './Alert';
import CsvDownloadButton from './CsvDownloadButton';
import EnquiriesTable from './EnquiriesTable';
import EnquiryDetailsModal from './EnquiryDetailsModal';
import Pagination from './Pagination';

const DELETE_CONFIRM =
  'Are you sure you want to delete this enquiry? This action cannot be undone.';

/**
 * SPEC §2 'Admin Enquiries Panel': one server page of 10, newest first; View opens the details
 * modal, Delete asks first, then says so and moves to a page that still exists (SPEC §4).
 */
export default function EnquiriesPanel() {
  const list = usePagedList(listEnquiries, ENQUIRIES_PAGE_SIZE);
  const [actionError, setActionError] = useState('');
  const [selected, setSelected] = useState<AdminEnquiry | null>(null);
  const viewButton = useRef<HTMLButtonElement | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);

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
  return (
    <section className="admin-section" aria-labelledby="enquiries-heading">
      <div className="admin-section__header">
        <h2 id="enquiries-heading" ref={heading} tabIndex={-1}>
          Admin Enquiries Panel
        </h2>
        <CsvDownloadButton />
      </div>
      <Alert message={actionError || (status === 'error' ? list.error : '')} />
      {status === 'loading' && (
        <p className="admin-status" role="status">
          Loading enquiries...
        </p>
      )}
      {status === 'loaded' && items.length === 0 && (
        <p className="admin-status">No enquiries found.</p>
      )}
      {items.length > 0 && (
        <>
          <p className="admin-count">
            {list.total} {list.total === 1 ? 'enquiry' : 'enquiries'}, page {list.page} of{' '}
            {list.pages}
          </p>
          <EnquiriesTable
            enquiries={items}
            busy={status === 'loading'}
            onView={view}
            onDelete={(enquiry) => void remove(enquiry)}
          />
        </>
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
