import { useEffect, useId, useState, type FormEvent } from 'react';
import { SEARCH_MAX_LENGTH, type SearchSpec } from '../../lib/schemas/search';
import Alert from './Alert';
import Button from './Button';

interface Props {
  spec: SearchSpec;
  /** Names the search landmark and labels the box, e.g. 'Search enquiries'. */
  label: string;
  /** What the box looks in, said under it. */
  hint: string;
  /** The applied values; the form shows them again after a Clear or a reload. */
  values: Record<string, string>;
  onSearch: (values: Record<string, string>) => void;
  onClear: () => void;
  /** A refused query's message (the API's 400), shown under the box. */
  error: string;
}

/**
 * One search box and a `<select>` per filter of the spec ('Any' first), applied on Search or
 * Enter only: each search is one server request, so none is sent per keystroke.
 */
export default function SearchForm({ spec, label, hint, values, onSearch, onClear, error }: Props) {
  const ids = useId();
  const [draft, setDraft] = useState(values);
  useEffect(() => setDraft(values), [values]);

  const set = (name: string, value: string) =>
    setDraft((current) => ({ ...current, [name]: value }));
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSearch(draft);
  };
  const qId = `${ids}-q`;
  const describedBy = error ? `${ids}-hint ${ids}-error` : `${ids}-hint`;

  return (
    <form className="admin-search" role="search" aria-label={label} onSubmit={submit} noValidate>
      <div className="admin-field admin-search__q">
        <label htmlFor={qId}>{label}</label>
        <input
          id={qId}
          type="search"
          name="q"
          maxLength={SEARCH_MAX_LENGTH}
          autoComplete="off"
          value={draft['q'] ?? ''}
          aria-describedby={describedBy}
          aria-invalid={error ? true : undefined}
          onChange={(event) => set('q', event.target.value)}
        />
        <p className="admin-hint" id={`${ids}-hint`}>
          {hint}
        </p>
        <Alert message={error} id={`${ids}-error`} />
      </div>
      {Object.entries(spec.filters).map(([name, filter]) => (
        <div className="admin-field" key={name}>
          <label htmlFor={`${ids}-${name}`}>{filter.label}</label>
          <select
            id={`${ids}-${name}`}
            name={name}
            value={draft[name] ?? ''}
            onChange={(event) => set(name, event.target.value)}
          >
            <option value="">Any</option>
            {filter.values.map((value) => (
              <option key={value} value={value}>
                {filter.names?.[value] ?? value}
              </option>
            ))}
          </select>
        </div>
      ))}
      <div className="admin-actions admin-search__actions">
        <Button variant="primary" type="submit">
          Search
        </Button>
        <Button variant="secondary" onClick={onClear}>
          Clear
        </Button>
      </div>
    </form>
  );
}
