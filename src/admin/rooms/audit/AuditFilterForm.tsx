import { useEffect, useId, useState, type FormEvent } from 'react';
import type { AuditFilters } from '../../api/audit';
import { NO_AUDIT_FILTERS, auditEventOptions } from '../../display';
import Alert from '../../components/Alert';
import Button from '../../components/Button';

interface Props {
  /** The applied filters; the form shows them again after a Clear. */
  values: AuditFilters;
  onApply: (filters: AuditFilters) => void;
  /** A refused filter's message (the API's 400, a bad date), shown in the form. */
  error: string;
}

const EVENT_OPTIONS = auditEventOptions();

/** The event (every event of the shared list) and the dates; applied on Apply only. */
export default function AuditFilterForm({ values, onApply, error }: Props) {
  const ids = useId();
  const [draft, setDraft] = useState(values);
  useEffect(() => setDraft(values), [values]);

  const set = (name: keyof AuditFilters, value: string) =>
    setDraft((current) => ({ ...current, [name]: value }));
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onApply(draft);
  };
  const describedBy = error ? `${ids}-hint ${ids}-error` : `${ids}-hint`;
  const date = (name: 'from' | 'to', label: string) => (
    <div className="admin-field">
      <label htmlFor={`${ids}-${name}`}>{label}</label>
      <input
        id={`${ids}-${name}`}
        type="date"
        name={name}
        value={draft[name]}
        aria-describedby={describedBy}
        aria-invalid={error ? true : undefined}
        onChange={(event) => set(name, event.target.value)}
      />
    </div>
  );

  return (
    <form
      className="admin-search admin-audit__filters"
      role="search"
      aria-label="Filter the audit log"
      onSubmit={submit}
      noValidate
    >
      <div className="admin-field admin-audit__event">
        <label htmlFor={`${ids}-event`}>Event</label>
        <select
          id={`${ids}-event`}
          name="event"
          value={draft.event}
          onChange={(event) => set('event', event.target.value)}
        >
          <option value="">All events</option>
          {EVENT_OPTIONS.map(({ value, label }) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </div>
      {date('from', 'From date')}
      {date('to', 'To date')}
      <p className="admin-hint admin-audit__hint" id={`${ids}-hint`}>
        Both dates are included; days run from midnight to midnight UTC.
      </p>
      <Alert message={error} id={`${ids}-error`} />
      <div className="admin-actions admin-search__actions">
        <Button variant="primary" type="submit">
          Apply
        </Button>
        <Button variant="secondary" onClick={() => onApply(NO_AUDIT_FILTERS)}>
          Clear
        </Button>
      </div>
    </form>
  );
}
