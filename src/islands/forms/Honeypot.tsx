import { HONEYPOT_FIELD } from '../../lib/schemas/fields';

/** A field people never see or reach; bots that fill it in are answered but not stored. */
export function Honeypot({ id, label }: { id: string; label: string }) {
  return (
    <div className="honeypot" aria-hidden="true">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={HONEYPOT_FIELD}
        type="text"
        tabIndex={-1}
        autoComplete="off"
        defaultValue=""
      />
    </div>
  );
}
