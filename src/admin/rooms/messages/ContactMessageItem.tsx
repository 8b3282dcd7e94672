import { useId, useState } from 'react';
import type { AdminContactMessage } from '../../api/leads';
import { mailtoHref } from '../../display';
import { acknowledgementNote } from '../../display/values';
import { MESSAGE } from '../../../lib/leads';
import FollowUpPanel from '../../leads/FollowUpPanel';
import ItemActions from '../../leads/ItemActions';
import LeadStamp from '../../leads/LeadStamp';
import SourceDetails from '../../leads/SourceDetails';
import Button from '../../components/Button';
import EmailAddress from '../../components/EmailAddress';

interface Props {
  message: AdminContactMessage;
  onDelete: (message: AdminContactMessage) => void;
  /** The message after a follow-up change or a reload. */
  onChange: (message: AdminContactMessage) => void;
}

/**
 * One contact message: sender, date, the language it was sent in and status badge; View shows,
 * first, 'Reply by Email' and its follow-up (status, note box, notes), then the text; Delete.
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
        {mailto ? (
          <a href={mailto}>
            <EmailAddress address={message.email} />
          </a>
        ) : (
          <EmailAddress address={message.email} />
        )}
        <LeadStamp record={message} />
      </div>
      <ItemActions
        open={open}
        onToggle={() => setOpen(!open)}
        controls={bodyId}
        what={`message from ${message.name}`}
        onDelete={() => onDelete(message)}
      />
      <div className="admin-message__details" id={bodyId} hidden={!open}>
        <p className="admin-actions">
          <Button
            variant="primary"
            onClick={() => {
              if (mailto) window.location.href = mailto;
            }}
            aria-disabled={mailto ? undefined : true}
            data-mailto={mailto ?? undefined}
          >
            Reply by Email<span className="visually-hidden"> to {message.name}</span>
          </Button>
        </p>
        {open && <FollowUpPanel kind={MESSAGE} record={message} onChange={onChange} />}
        {skipped && <p className="admin-message__note">{skipped}</p>}
        <h3 className="admin-message__heading">Message</h3>
        <p className="admin-message__body">{message.message}</p>
        <SourceDetails source={message.source} />
      </div>
    </li>
  );
}
