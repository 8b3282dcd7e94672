import type { Announcement } from '../../../lib/schemas';
import Button from '../../components/Button';

interface Props {
  items: Announcement[];
  editingId: string | null;
  onEdit: (item: Announcement) => void;
  onDelete: (item: Announcement) => void;
}

/** Each announcement's text (and link) with Edit and Delete. */
export default function AnnouncementList({ items, editingId, onEdit, onDelete }: Props) {
  if (items.length === 0) return <p className="admin-status">No announcements yet.</p>;
  return (
    <ul className="admin-list" aria-label="Announcements">
      {items.map((item) => (
        <li
          key={item._id}
          className="admin-list__item"
          data-editing={item._id === editingId ? '' : undefined}
        >
          <span className="admin-list__text">
            {item.text}
            {item.link && <span className="admin-list__link">{item.link}</span>}
          </span>
          <span className="admin-actions">
            <Button variant="secondary" onClick={() => onEdit(item)}>
              Edit<span className="visually-hidden">: {item.text}</span>
            </Button>
            <Button variant="danger" onClick={() => onDelete(item)}>
              Delete<span className="visually-hidden">: {item.text}</span>
            </Button>
          </span>
        </li>
      ))}
    </ul>
  );
}
