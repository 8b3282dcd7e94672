import type { AdminContactMessage } from '../../api/leads';
import ContactMessageItem from './ContactMessageItem';
import type { LeadItems } from '../../leads/LeadPanel';

/** A page of contact messages as a list, each read and followed up in place. */
export default function MessagesView({
  items,
  busy,
  onDelete,
  onChange,
}: LeadItems<AdminContactMessage>) {
  return (
    <ul className="admin-list" aria-label="Contact messages" aria-busy={busy}>
      {items.map((message) => (
        <ContactMessageItem
          key={message._id}
          message={message}
          onDelete={onDelete}
          onChange={onChange}
        />
      ))}
    </ul>
  );
}
