/**
 * The dashboard's Security section: how the admin signs in (passkeys, an authenticator app,
 * recovery codes) and where they are signed in now (sessions). The settings are read on arrival
 * and after each change; each part says its own outcome.
 */
import { useCallback, useEffect, useState } from 'react';
import { ApiError, API_MESSAGES } from '../../api/client';
import { securitySettings } from '../../api/security';
import type { SecuritySettings } from '../../../lib/schemas';
import Alert from '../../components/Alert';
import PasskeysPart from './PasskeysPart';
import RecoveryPart from './RecoveryPart';
import SessionsPart from './SessionsPart';
import TotpPart from './TotpPart';

export const messageOf = (failure: unknown) =>
  failure instanceof ApiError ? failure.message : API_MESSAGES.network;

export default function SecuritySection() {
  const [settings, setSettings] = useState<SecuritySettings | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState('');

  const reload = useCallback(async () => {
    try {
      setSettings(await securitySettings());
      setError('');
    } catch (failure) {
      setError(messageOf(failure));
    }
    setLoading(false);
  }, []);

  useEffect(() => {
    void reload();
  }, [reload]);

  return (
    <section className="admin-section admin-security" aria-labelledby="security-heading">
      <h2 id="security-heading">Security</h2>
      <p className="admin-hint admin-security__intro">
        How you sign in to the admin: your passkeys, and an authenticator app and recovery codes for
        when a passkey is out of reach; and where you are signed in now.
      </p>
      <Alert message={error} />
      <p className="admin-count" role="status">
        {loading ? 'Loading security settings...' : ''}
      </p>
      {settings && (
        <div className="admin-security__parts">
          <PasskeysPart passkeys={settings.passkeys} onChanged={reload} />
          <TotpPart totp={settings.totp} onChanged={reload} />
          <RecoveryPart codes={settings.recoveryCodes} onChanged={reload} />
        </div>
      )}
      <SessionsPart />
    </section>
  );
}
