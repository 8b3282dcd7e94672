import { useState } from 'react';
import { newRecoveryCodes } from '../../api/security';
import { useFocusTarget } from '../../hooks/useFocusTarget';
import { recoveryLeft, recoveryLow } from '../../display/security';
import { formatDate } from '../../display/values';
import Alert from '../../components/Alert';
import Button from '../../components/Button';
import ConfirmDialog from '../../components/ConfirmDialog';
import RecoveryCodes from './RecoveryCodes';
import { messageOf } from './SecuritySection';

interface Props {
  codes: { createdAt: string; left: number } | null;
  onChanged: () => Promise<void>;
}

/** How many recovery codes are left (a warning when few), and Make new codes, shown once. */
export default function RecoveryPart({ codes, onChanged }: Props) {
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [made, setMade] = useState<string[] | null>(null);
  const [error, setError] = useState('');
  const heading = useFocusTarget<HTMLHeadingElement>();

  async function make() {
    setBusy(true);
    setError('');
    try {
      setMade(await newRecoveryCodes());
    } catch (failure) {
      setError(messageOf(failure));
    }
    setConfirming(false);
    setBusy(false);
  }

  async function stored() {
    setMade(null);
    heading.focusSoon();
    await onChanged();
  }

  const low = codes !== null && recoveryLow(codes.left);
  return (
    <div className="admin-security__part">
      <h3 ref={heading.ref} tabIndex={-1}>
        Recovery codes
      </h3>
      {/* Before the codes: the dialog closes (and hands focus back) before their heading takes it. */}
      <ConfirmDialog
        open={confirming}
        title="Make new recovery codes"
        question="Make ten new recovery codes? The codes you have now stop working."
        confirm="Make new codes"
        busy={busy}
        onConfirm={() => void make()}
        onCancel={() => setConfirming(false)}
      />
      {made !== null ? (
        <RecoveryCodes codes={made} level={4} onContinue={() => void stored()} />
      ) : (
        <div className="admin-security__row">
          <p className={low ? 'admin-warning admin-security__left' : 'admin-security__left'}>
            {codes === null
              ? 'No recovery codes yet.'
              : `${recoveryLeft(codes.left)} (made ${formatDate(codes.createdAt)}).`}
            {low && ' Make new codes soon.'}
          </p>
          <Button variant="secondary" onClick={() => setConfirming(true)}>
            Make new codes
          </Button>
        </div>
      )}
      <Alert message={error} />
    </div>
  );
}
