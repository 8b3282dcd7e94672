import { useCallback, useEffect, useRef, useState } from 'react';
import type { Announcement, AnnouncementInput } from '../../../lib/schemas';
import { ApiError, API_MESSAGES } from '../../api/client';
import { deleteAnnouncement, listAnnouncements, saveAnnouncement } from '../../api/announcements';
import AnnouncementForm, { type Draft } from './AnnouncementForm';
import AnnouncementList from './AnnouncementList';
import Alert from '../../components/Alert';

const EMPTY: Draft = { text: '', text_ml: '', text_ar: '', link: '' };

const messageOf = (error: unknown) =>
  error instanceof ApiError ? error.message : API_MESSAGES.network;

/**
 * 'Manage Announcements': add mode, edit mode on Edit (form filled), back to add
 * mode after Update or Cancel; the list reloads after every add, update and delete.
 */
export default function AnnouncementsManager() {
  const [items, setItems] = useState<Announcement[] | null>(null);
  const [listError, setListError] = useState('');
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [editingId, setEditingId] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  const reload = useCallback(async () => {
    try {
      setItems(await listAnnouncements());
      setListError('');
    } catch (error) {
      setListError(messageOf(error));
    }
  }, []);

  useEffect(() => {
    void reload();
  }, [reload]);

  // Entering or leaving edit mode remounts the form: put the caret back in its text field.
  const modeChanges = useRef(0);
  useEffect(() => {
    if (modeChanges.current++ > 0) document.getElementById('announcement-text')?.focus();
  }, [editingId]);

  const reset = () => {
    setDraft(EMPTY);
    setEditingId(null);
  };

  async function save(input: AnnouncementInput) {
    await saveAnnouncement(input, editingId ?? undefined);
    reset();
    await reload();
  }

  function edit(item: Announcement) {
    setEditingId(item._id);
    setDraft({
      text: item.text,
      text_ml: item.text_ml ?? '',
      text_ar: item.text_ar ?? '',
      link: item.link,
    });
  }

  async function remove(item: Announcement) {
    if (!window.confirm('Delete this announcement?')) return;
    try {
      await deleteAnnouncement(item._id);
      if (item._id === editingId) reset();
      // The item's buttons are gone: keep the keyboard in this section.
      heading.current?.focus();
      await reload();
    } catch (error) {
      setListError(messageOf(error));
    }
  }

  return (
    <div className="admin-announcements">
      <h3 ref={heading} tabIndex={-1}>
        Manage Announcements
      </h3>
      <AnnouncementForm
        key={editingId ?? 'new'}
        draft={draft}
        onChange={setDraft}
        editing={editingId !== null}
        onSave={save}
        onCancel={reset}
      />
      <Alert message={listError} />
      {items === null && !listError && (
        <p className="admin-status" role="status">
          Loading announcements...
        </p>
      )}
      {items && (
        <AnnouncementList
          items={items}
          editingId={editingId}
          onEdit={edit}
          onDelete={(item) => void remove(item)}
        />
      )}
    </div>
  );
}
