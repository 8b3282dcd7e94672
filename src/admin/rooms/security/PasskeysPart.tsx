import { useState } from 'react';
import { removePasskey } from '../../api/security';
import { useFocusTarget } from '../../hooks/useFocusTarget';
import { passkeyRemovable } from '../../../lib/passkey-removal';
import type { PasskeySummary } from '../../../lib/schemas';
import Alert from '../../components/Alert';
import ConfirmDialog from '../../components/ConfirmDialog';
import AddPasskey from './AddPasskey';
import PasskeyItem from './PasskeyItem';
import { messageOf } from './SecuritySection';

interface Props {
  passkeys: PasskeySummary[];
  /** After a change: the settings are read again. */
  onChanged: () => Promise<void>;
}

/**
 * The passkeys of this address: each with Rename and Remove (not offered for the only one, which
 * the server would refuse), and one more.
 */
export default function PasskeysPart({ passkeys, onChanged }: Props) {
  const [removing, setRemoving] = useState<PasskeySummary | null>(null);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState('');
  const [error, setError] = useState('');
  const heading = useFocusTarget<HTMLHeadingElement>();
  const removable = passkeyRemovable(passkeys.length);

  const changed = async (message: string) => {
    await onChanged();
    setError('');
    setNotice(message);
  };

  async function remove() {
    if (removing === null || busy) return;
    setBusy(true);
    setNotice('');
    try {
      await removePasskey(removing.id);
      await changed(`The passkey “${removing.name}” is removed.`);
      heading.focusSoon();
    } catch (failure) {
      setError(messageOf(failure));
    }
    setRemoving(null);
    setBusy(false);
  }

  return (
    <div className="admin-security__part">
      <h3 id="passkeys-heading" ref={heading.ref} tabIndex={-1}>
        Passkeys
      </h3>
      {passkeys.length === 0 ? (
        <p className="admin-status">No passkey works at this web address yet.</p>
      ) : (
        <ul className="admin-list" aria-labelledby="passkeys-heading">
          {passkeys.map((passkey) => (
            <PasskeyItem
              key={passkey.id}
              passkey={passkey}
              onRenamed={(name) => void changed(`The passkey is renamed “${name}”.`)}
              onRemove={removable ? () => setRemoving(passkey) : null}
            />
          ))}
        </ul>
      )}
      <Alert message={error} />
      <p className="admin-notice" role="status" data-empty={notice === '' ? '' : undefined}>
        {notice}
      </p>
      <AddPasskey onAdded={(name) => changed(`The passkey “${name}” is added.`)} />
      <ConfirmDialog
        open={removing !== null}
        title="Remove passkey"
        question={`Remove the passkey “${removing?.name ?? ''}”? It will no longer sign you in.`}
        confirm="Remove"
        busy={busy}
        onConfirm={() => void remove()}
        onCancel={() => setRemoving(null)}
      />
    </div>
  );
}
