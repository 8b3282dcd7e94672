import { useRef, useState, type SubmitEvent } from 'react';
import * as v from 'valibot';
import { AnnouncementInputSchema, fieldErrors, type AnnouncementInput } from '../../../lib/schemas';
import { ApiError, API_MESSAGES } from '../../api/client';
import Alert from '../../components/Alert';
import Button from '../../components/Button';

export type Draft = { text: string; text_ml: string; text_ar: string; link: string };
type Errors = Partial<Record<keyof Draft, string>>;

interface Props {
  draft: Draft;
  onChange: (draft: Draft) => void;
  editing: boolean;
  /** Sends the validated input; throws an `ApiError` when the server refuses it. */
  onSave: (input: AnnouncementInput) => Promise<void>;
  onCancel: () => void;
}

/**
 * The announcement form: text (required), its Malayalam and Arabic texts (optional: pages in
 * those languages show the English where one is left empty) and link (optional), Add or Update, Cancel while
 * editing. Checked with the shared schema first; the server's field messages show too, and a
 * failed save keeps what was typed.
 */
export default function AnnouncementForm({ draft, onChange, editing, onSave, onCancel }: Props) {
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState('');
  const [saving, setSaving] = useState(false);
  const inputs = {
    text: useRef<HTMLInputElement>(null),
    text_ml: useRef<HTMLInputElement>(null),
    text_ar: useRef<HTMLInputElement>(null),
    link: useRef<HTMLInputElement>(null),
  };

  const showErrors = (found: Errors) => {
    setErrors(found);
    const first = (['text', 'text_ml', 'text_ar', 'link'] as const).find((field) => found[field]);
    if (first) inputs[first].current?.focus();
  };

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setFailure('');
    const result = v.safeParse(AnnouncementInputSchema, draft);
    if (!result.success) return showErrors(fieldErrors(result.issues));
    setErrors({});
    setSaving(true);
    try {
      await onSave(result.output);
    } catch (error) {
      setFailure(error instanceof ApiError ? error.message : API_MESSAGES.network);
      if (error instanceof ApiError) showErrors(error.fields);
    } finally {
      setSaving(false);
    }
  }

  const cancel = () => {
    setErrors({});
    setFailure('');
    onCancel();
  };

  const field = (
    name: keyof Draft,
    label: string,
    extra: { placeholder?: string; hint?: string; lang?: string; dir?: 'rtl' },
  ) => {
    const described = [
      extra.hint && `announcement-${name}-hint`,
      errors[name] && `announcement-${name}-error`,
    ];
    return (
      <div className="admin-field">
        <label htmlFor={`announcement-${name}`}>{label}</label>
        {extra.hint && (
          <p className="admin-hint" id={`announcement-${name}-hint`}>
            {extra.hint}
          </p>
        )}
        <input
          ref={inputs[name]}
          id={`announcement-${name}`}
          name={name}
          value={draft[name]}
          onChange={(event) => {
            onChange({ ...draft, [name]: event.target.value });
            if (errors[name]) setErrors(({ [name]: _fixed, ...rest }) => rest);
          }}
          placeholder={extra.placeholder}
          lang={extra.lang}
          dir={extra.dir}
          required={name === 'text'}
          inputMode={name === 'link' ? 'url' : undefined}
          autoComplete="off"
          aria-invalid={errors[name] ? true : undefined}
          aria-describedby={described.filter(Boolean).join(' ') || undefined}
        />
        {errors[name] && (
          <p className="admin-field-error" id={`announcement-${name}-error`}>
            {errors[name]}
          </p>
        )}
      </div>
    );
  };

  return (
    <form className="admin-card admin-form" noValidate onSubmit={submit} aria-busy={saving}>
      {field('text', 'Text', { placeholder: 'Announcement text' })}
      {field('text_ml', 'Malayalam text (optional)', { lang: 'ml' })}
      {field('text_ar', 'Arabic text (optional)', { lang: 'ar', dir: 'rtl' })}
      {field('link', 'Link (optional)', {
        hint: 'Starts with https://, http://, /, #, mailto: or tel:',
      })}
      <Alert message={failure} />
      <div className="admin-actions">
        <Button variant="primary" type="submit" disabled={saving}>
          {editing ? 'Update' : 'Add'}
        </Button>
        {editing && (
          <Button variant="secondary" onClick={cancel}>
            Cancel
          </Button>
        )}
      </div>
    </form>
  );
}
