import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { PasskeySummary } from '../../../lib/schemas';
import { renamePasskey } from '../../api/security';
import { ONLY_PASSKEY_HINT, passkeyDates } from '../../display/security';
import { focusInView } from '../../hooks/useFocusTarget';
import Alert from '../../components/Alert';
import Button from '../../components/Button';
import PasskeyNameField from './PasskeyNameField';
import { messageOf } from './SecuritySection';

interface Props {
  passkey: PasskeySummary;
  onRenamed: (name: string) => void;
  /** Remove, when the server would allow it (src/lib/passkey-removal.ts); else why not. */
  onRemove: (() => void) | null;
}

/**
 * One passkey: its name, when it was added and last used, whether it syncs; Rename in place, and
 * Remove unless it is the only one (then the reason stands in its place).
 */
export default function PasskeyItem({ passkey, onRenamed, onRemove }: Props) {
  const ids = useId();
  const [renaming, setRenaming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const renameButton = useRef<HTMLButtonElement>(null);
  const wasRenaming = useRef(false);

  // The form is gone: focus goes back to the button that opened it.
  useEffect(() => {
    if (!renaming && wasRenaming.current) focusInView(renameButton.current);
    wasRenaming.current = renaming;
  }, [renaming]);

  const close = () => {
    setRenaming(false);
    setError('');
  };

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const name = String(new FormData(event.currentTarget).get('name') ?? '').trim();
    setBusy(true);
    try {
      await renamePasskey(passkey.id, name);
      close();
      onRenamed(name);
    } catch (failure) {
      setError(messageOf(failure));
    }
    setBusy(false);
  }

  return (
    <li className="admin-list__item admin-passkey" data-editing={renaming ? '' : undefined}>
      <span className="admin-list__text">
        <span className="admin-passkey__name">
          {passkey.name}
          {passkey.backedUp && <span className="admin-tag">synced</span>}
        </span>
        <span className="admin-list__link">{passkeyDates(passkey)}</span>
      </span>
      {!renaming && (
        <span className="admin-actions">
          <Button ref={renameButton} variant="secondary" onClick={() => setRenaming(true)}>
            Rename<span className="visually-hidden"> the passkey {passkey.name}</span>
          </Button>
          {onRemove === null ? (
            <span className="admin-hint admin-passkey__kept">{ONLY_PASSKEY_HINT}</span>
          ) : (
            <Button variant="danger" onClick={onRemove}>
              Remove<span className="visually-hidden"> the passkey {passkey.name}</span>
            </Button>
          )}
        </span>
      )}
      {renaming && (
        <form className="admin-passkey__rename" onSubmit={(event) => void save(event)}>
          <PasskeyNameField
            id={`${ids}-name`}
            label={<>New name for “{passkey.name}”</>}
            defaultValue={passkey.name}
            autoFocus
          />
          <Alert message={error} />
          <div className="admin-actions">
            <Button variant="primary" type="submit" disabled={busy} aria-busy={busy}>
              Save name
            </Button>
            <Button variant="secondary" onClick={close} disabled={busy}>
              Cancel
            </Button>
          </div>
        </form>
      )}
    </li>
  );
}
