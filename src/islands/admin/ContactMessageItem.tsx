import { useId, useState } from 'react';
import type { ContactMessage } from '../../lib/schemas';
import { formatDate, mailtoHref } from '../../lib/admin-display';

interface Props {
  message: ContactMessage;
  onDelete: (message: ContactMessage) => void;
}

/** One contact message: sender and date, the text shown on View, and Delete. */
export default function ContactMessageItem({ message, onDelete }: Props) {
  const [open, setOpen] = useState(false);
  const bodyId = useId();
  const mailto = mailtoHref(message.email);

  return (
    <li className="admin-list__item admin-message" data-message-id={message._id}>
      <div className="admin-list__text">
        <strong>{message.name}</strong>
        {mailto ? <a href={mailto}>{message.email}</a> : <span>{message.email}</span>}
        <span className="admin-list__link">{formatDate(message.createdAt)}</span>
      </div>
      <span className="admin-actions">
        <button
          className="admin-btn admin-btn--secondary"
          type="button"
          aria-expanded={open}
          aria-controls={bodyId}
          onClick={() => setOpen(!open)}
        >
          {open ? 'Hide' : 'View'}
          <span className="visually-hidden"> message from {message.name}</span>
        </button>
        <button
          className="admin-btn admin-btn--danger"
          type="button"
          onClick={() => onDelete(message)}
        >
          Delete<span className="visually-hidden"> message from {message.name}</span>
        </button>
      </span>
      <p className="admin-message__body" id={bodyId} hidden={!open}>
        {message.message}
      </p>
    </li>
  );
}
