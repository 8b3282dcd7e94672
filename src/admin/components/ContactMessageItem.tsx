import { useId, useState } from 'react';
import type { AdminContactMessage } from '../api/client';
import { formatDate, languageName, mailtoHref } from '../display';
import { acknowledgementNote } from '../display/values';
import { DEFAULT_STATUS } from '../../lib/schemas';
import { MESSAGE } from '../../lib/leads';
import FollowUpPanel from './FollowUpPanel';
import Button from './Button';

interface Props {
  message: AdminContactMessage;
  onDelete: (message: AdminContactMessage) => void;
  /** The message after a follow-up change or a reload. */
  onChange: (message: AdminContactMessage) => void;
}

/**
 * One contact message: sender, date, the language it was sent in and status badge; View shows the text and its follow-up
 * (status, notes); Delete.
 */
export default function ContactMessageItem({ message, onDelete, onChange }: Props) {
  const [open, setOpen] = useState(false);
  const bodyId = useId();
  const mailto = mailtoHref(message.email);
  const skipped = acknowledgementNote(message);

  return (
    <li className="admin-list__item admin-message" data-message-id={message._id}>
      <div className="admin-list__text">
        <strong>{message.name}</strong>
        {mailto ? <a href={mailto}>{message.email}</a> : <span>{message.email}</span>}
        <span className="admin-list__link">{formatDate(message.createdAt)}</span>
        <span className="admin-list__link">{languageName(message.lang)}</span>
        <span className="admin-badge" data-status={message.status ?? DEFAULT_STATUS}>
          {message.status ?? DEFAULT_STATUS}
        </span>
      </div>
      <span className="admin-actions">
        <Button
          variant="secondary"
          aria-expanded={open}
          aria-controls={bodyId}
          onClick={() => setOpen(!open)}
        >
          {open ? 'Hide' : 'View'}
          <span className="visually-hidden"> message from {message.name}</span>
        </Button>
        <Button variant="danger" onClick={() => onDelete(message)}>
          Delete<span className="visually-hidden"> message from {message.name}</span>
        </Button>
      </span>
      <div className="admin-message__details" id={bodyId} hidden={!open}>
        <p className="admin-message__body">{message.message}</p>
        {skipped && <p className="admin-message__note">{skipped}</p>}
        {open && <FollowUpPanel kind={MESSAGE} record={message} onChange={onChange} />}
      </div>
    </li>
  );
}
