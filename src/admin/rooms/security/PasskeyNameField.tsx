import type { InputHTMLAttributes, ReactNode } from 'react';
import { PASSKEY_NAME_MAX } from '../../../lib/schemas';

interface Props extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'name'> {
  id: string;
  label: ReactNode;
  /** A sentence under the field, which the field names as its description. */
  hint?: string;
}

/** A passkey's name, as the server takes it (required, at most PASSKEY_NAME_MAX characters). */
export default function PasskeyNameField({ id, label, hint, ...input }: Props) {
  return (
    <div className="admin-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name="name"
        autoComplete="off"
        required
        maxLength={PASSKEY_NAME_MAX}
        {...(hint !== undefined && { 'aria-describedby': `${id}-hint` })}
        {...input}
      />
      {hint !== undefined && (
        <p className="admin-hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
    </div>
  );
}
