/**
 * Follow-up of one lead (enquiry or contact message): its status, the date of the last change, a
 * box to add a note, one 'Save follow-up' for both (the status first, then the note), and the
 * admin's notes.
 *
 * Design: every write names the version the admin is looking at (`If-Match`), notes included,
 * although the server would append a note without it: taking a note's new version blindly could
 * step over another tab's status change, and the next status Save would then overwrite it
 * unseen. On 409 the record is read again and shown, the admin is told (polite status), and what
 * they typed in the note box stays, so Save can simply be pressed again.
 */
import { useEffect, useId, useRef, useState } from 'react';
import * as v from 'valibot';
import { ApiError, API_MESSAGES } from '../api/client';
import { addNote, getLead, setStatus } from '../api/leads';
import { conflictMessage, formatDate, noteCount } from '../display';
import {
  DEFAULT_STATUS,
  NoteSchema,
  isStatus,
  type FollowUp,
  type Note,
  type Status,
} from '../../lib/schemas';
import type { AnyLeadKind } from '../../lib/leads';
import Alert from '../components/Alert';
import Button from '../components/Button';

interface Props<T extends FollowUp & { _id: string }> {
  kind: AnyLeadKind;
  record: T;
  /** The record as it is now, after a save or a reload. */
  onChange: (record: T) => void;
  /** Unsaved note text kept for this record by the caller (the dialog steps between leads). */
  draft?: string | undefined;
  onDraft?: ((text: string) => void) | undefined;
}

export default function FollowUpPanel<T extends FollowUp & { _id: string }>({
  kind,
  record,
  onChange,
  draft = '',
  onDraft,
}: Props<T>) {
  const ids = useId();
  // Read defensively: a record stored before follow-up existed may lack the fields.
  const current: Status = isStatus(record.status) ? record.status : DEFAULT_STATUS;
  const notes: readonly Note[] = Array.isArray(record.notes) ? record.notes : [];
  const [status, setStatusDraft] = useState<Status>(current);
  const [note, setNoteText] = useState(draft);
  const setNote = (text: string) => {
    setNoteText(text);
    onDraft?.(text);
  };
  const [noteError, setNoteError] = useState('');
  const [notice, setNotice] = useState('');
  const [failure, setFailure] = useState('');
  const saving = useRef(false);

  // A reload or another save brings a new status: the select shows what is stored.
  useEffect(() => setStatusDraft(current), [current, record.version]);

  /** Runs one write; a 409 reloads the record and says so, other failures are shown. */
  async function write(action: () => Promise<void>) {
    if (saving.current) return;
    saving.current = true;
    setNotice('');
    setFailure('');
    try {
      await action();
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        try {
          onChange(await getLead<T>(kind, record._id));
          setNotice(conflictMessage(kind.words.one));
        } catch (reload) {
          setFailure(reload instanceof ApiError ? reload.message : API_MESSAGES.network);
        }
      } else if (error instanceof ApiError && error.fields['text']) {
        setNoteError(error.fields['text']);
      } else {
        setFailure(error instanceof ApiError ? error.message : API_MESSAGES.network);
      }
    } finally {
      saving.current = false;
    }
  }

  /**
   * Saves what changed: a new status, then a note when one was typed (checked before anything is
   * sent). A status saved before the note fails stays saved, and the select shows it.
   */
  const save = () =>
    write(async () => {
      const checked = note === '' ? undefined : v.safeParse(NoteSchema, { text: note });
      if (checked && !checked.success) return setNoteError(checked.issues[0].message);
      setNoteError('');
      if (status === current && !checked) {
        return setNotice(`Nothing to save: the status is ${status} and no note was written.`);
      }
      let saved = record;
      const done: string[] = [];
      if (status !== current) {
        saved = await setStatus<T>(kind, record._id, status, record.version);
        onChange(saved);
        done.push(`Status saved: ${status}.`);
        setNotice(done.join(' '));
      }
      if (checked) {
        const added = await addNote(kind, record._id, checked.output.text, saved.version);
        if (added.version === undefined) onChange(await getLead<T>(kind, record._id));
        else onChange({ ...saved, notes: [...notes, added.note], version: added.version });
        setNote('');
        done.push('Note added.');
      }
      setNotice(done.join(' '));
    });

  const statusId = `${ids}-status`;
  const noteId = `${ids}-note`;
  const countId = `${ids}-count`;
  const errorId = `${ids}-note-error`;
  return (
    <section className="admin-follow-up" aria-labelledby={`${ids}-heading`}>
      <h3 id={`${ids}-heading`}>Follow-up</h3>
      <p className="admin-notice" role="status" data-empty={notice === '' ? '' : undefined}>
        {notice}
      </p>
      <Alert message={failure} />
      <div className="admin-follow-up__status">
        <div className="admin-field">
          <label htmlFor={statusId}>Status</label>
          <select
            id={statusId}
            value={status}
            onChange={(event) => {
              if (isStatus(event.target.value)) setStatusDraft(event.target.value);
            }}
          >
            {kind.statuses.map((choice) => (
              <option key={choice}>{choice}</option>
            ))}
          </select>
        </div>
      </div>
      <p className="admin-hint" data-last-change>
        Last change:{' '}
        {record.statusChangedAt ? (
          <time dateTime={record.statusChangedAt}>{formatDate(record.statusChangedAt)}</time>
        ) : (
          'not changed yet'
        )}
      </p>
      <div className="admin-field">
        <label htmlFor={noteId}>Add note</label>
        <textarea
          id={noteId}
          rows={3}
          value={note}
          aria-describedby={noteError ? `${countId} ${errorId}` : countId}
          aria-invalid={noteError ? true : undefined}
          onChange={(event) => setNote(event.target.value)}
        />
        <p className="admin-hint" id={countId}>
          {noteCount(note)}
        </p>
        {noteError && (
          <p className="admin-field-error" id={errorId}>
            {noteError}
          </p>
        )}
      </div>
      <div className="admin-actions">
        <Button variant="primary" onClick={() => void save()}>
          Save follow-up
        </Button>
      </div>
      <h4 id={`${ids}-notes`}>Notes</h4>
      {notes.length === 0 ? (
        <p className="admin-status">No notes yet.</p>
      ) : (
        <ol className="admin-notes" aria-labelledby={`${ids}-notes`}>
          {notes.map((entry, index) => (
            <li key={`${entry.at}-${index}`}>
              <time dateTime={entry.at}>{formatDate(entry.at)}</time>
              <p>{entry.text}</p>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
