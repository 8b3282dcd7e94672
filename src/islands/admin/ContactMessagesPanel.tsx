import { useRef, useState } from 'react';
import {
  ApiError,
  type AdminContactMessage,
  API_MESSAGES,
  ENQUIRIES_PAGE_SIZE,
  deleteContactMessage,
  listContactMessages,
} from '../../lib/admin-api';
import { usePagedList } from './usePagedList';
import Alert from './Alert';
import ContactMessageItem from './ContactMessageItem';
import Pagination from './Pagination';

/** The footer form's messages, kept by the API: newest first, read in place, deleted on confirm. */
export default function ContactMessagesPanel() {
  const list = usePagedList(listContactMessages, ENQUIRIES_PAGE_SIZE);
  const [actionError, setActionError] = useState('');
  const heading = useRef<HTMLHeadingElement>(null);

  async function remove(message: AdminContactMessage) {
    if (!window.confirm('Delete this message? This action cannot be undone.')) return;
    setActionError('');
    try {
      await deleteContactMessage(message._id);
      list.removed(message._id);
      heading.current?.focus();
    } catch (error) {
      setActionError(error instanceof ApiError ? error.message : API_MESSAGES.network);
    }
  }

  const { status, items } = list;
  return (
    <section className="admin-section" aria-labelledby="messages-heading">
      <h2 id="messages-heading" ref={heading} tabIndex={-1}>
        Contact Messages
      </h2>
      <Alert message={actionError || (status === 'error' ? list.error : '')} />
      {status === 'loading' && (
        <p className="admin-status" role="status">
          Loading messages...
        </p>
      )}
      {status === 'loaded' && items.length === 0 && (
        <p className="admin-status">No messages found.</p>
      )}
      {items.length > 0 && (
        <ul className="admin-list" aria-label="Contact messages" aria-busy={status === 'loading'}>
          {items.map((message) => (
            <ContactMessageItem
              key={message._id}
              message={message}
              onDelete={(item) => void remove(item)}
              onChange={list.replaced}
            />
          ))}
        </ul>
      )}
      <Pagination
        page={list.page}
        pages={list.pages}
        onPage={list.setPage}
        label="Contact message pages"
      />
    </section>
  );
}
