import { useEffect, useRef, useState } from 'react';
import {
  ApiError,
  type AdminContactMessage,
  API_MESSAGES,
  deleteContactMessage,
  listContactMessages,
} from '../api/client';
import { MESSAGE_NOUN } from '../display';
import { MESSAGE_SEARCH } from '../../lib/schemas/search';
import type { LeadPanelProps } from './EnquiriesPanel';
import { useListSearch } from '../hooks/useListSearch';
import Alert from './Alert';
import IndexNotice from './IndexNotice';
import ContactMessageItem from './ContactMessageItem';
import ListStatus from './ListStatus';
import Pagination from './Pagination';
import SearchForm from './SearchForm';

/**
 * The footer form's messages, kept by the API: newest first, narrowed by the search form (its
 * state in the URL as mq, mstatus, mpage), read in place, deleted on confirm.
 */
export default function ContactMessagesPanel({ refresh, onNewCount }: LeadPanelProps) {
  const { list, values, searched, search, clear } = useListSearch(
    'm',
    MESSAGE_SEARCH,
    listContactMessages,
    refresh,
  );
  const [actionError, setActionError] = useState('');
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => onNewCount(list.newCount), [list.newCount, onNewCount]);

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
  const refused = status === 'error' && list.errorStatus === 400;
  return (
    <section className="admin-section" aria-labelledby="messages-heading">
      <h2 id="messages-heading" ref={heading} tabIndex={-1}>
        Contact Messages
      </h2>
      <SearchForm
        spec={MESSAGE_SEARCH}
        label="Search messages"
        hint="Name or e-mail; part of a word is enough."
        values={values}
        onSearch={search}
        onClear={clear}
        error={refused ? list.error : ''}
      />
      <Alert message={actionError || (status === 'error' && !refused ? list.error : '')} />
      <IndexNotice pending={list.pending} quarantined={list.quarantined} searched={searched} />
      <ListStatus
        list={list}
        noun={MESSAGE_NOUN}
        searched={searched}
        loading="Loading messages..."
        empty="No messages found."
        onClear={clear}
      />
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
