import type { Announcement } from '../../../lib/schemas';
import Button from '../../components/Button';

interface Props {
  items: Announcement[];
  editingId: string | null;
  onEdit: (item: Announcement) => void;
  onDelete: (item: Announcement) => void;
}

/** Each announcement's text (its Malayalam and Arabic texts, and link) with Edit and Delete. */
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
            {item.text_ml && (
              <span lang="ml">
                <span className="visually-hidden">Malayalam: </span>
                {item.text_ml}
              </span>
            )}
            {item.text_ar && (
              <span lang="ar" dir="rtl">
                <span className="visually-hidden" lang="en" dir="ltr">
                  Arabic:{' '}
                </span>
                {item.text_ar}
              </span>
            )}
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
