import type { ChangeEvent, InputHTMLAttributes, ReactNode, TextareaHTMLAttributes } from 'react';
import { FieldError, describedBy } from './FieldError';

interface Common {
  id: string;
  name: string;
  label: string;
  error?: string | undefined;
  hint?: string | undefined;
  /** Shown as "(optional)" so people know what they may skip. */
  optional?: boolean | undefined;
}

function Label({ id, label, optional }: Pick<Common, 'id' | 'label' | 'optional'>) {
  return (
    <label className="field__label" htmlFor={id}>
      {label}
      {optional && <span className="field__optional"> (optional)</span>}
    </label>
  );
}

function Hint({ id, hint }: { id: string; hint: string | undefined }) {
  return hint ? (
    <p className="field__hint" id={`${id}-hint`}>
      {hint}
    </p>
  ) : null;
}

type TextProps = Common &
  Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'name' | 'onChange' | 'value'> & {
    value: string;
    onValue: (value: string) => void;
  };

export function TextField({
  id,
  name,
  label,
  error,
  hint,
  optional,
  value,
  onValue,
  ...input
}: TextProps) {
  return (
    <div className="field">
      <Label {...{ id, label, optional }} />
      <Hint id={id} hint={hint} />
      <input
        id={id}
        name={name}
        value={value}
        onChange={(event: ChangeEvent<HTMLInputElement>) => onValue(event.target.value)}
        {...describedBy(id, error, Boolean(hint))}
        {...input}
      />
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

type AreaProps = Common &
  Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'name' | 'onChange' | 'value'> & {
    value: string;
    onValue: (value: string) => void;
  };

export function TextArea({
  id,
  name,
  label,
  error,
  hint,
  optional,
  value,
  onValue,
  ...area
}: AreaProps) {
  return (
    <div className="field">
      <Label {...{ id, label, optional }} />
      <Hint id={id} hint={hint} />
      <textarea
        id={id}
        name={name}
        value={value}
        onChange={(event) => onValue(event.target.value)}
        {...describedBy(id, error, Boolean(hint))}
        {...area}
      />
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

interface SelectProps extends Common {
  value: string;
  options: readonly string[];
  required?: boolean;
  onValue: (value: string) => void;
}

export function SelectField({
  id,
  name,
  label,
  error,
  hint,
  optional,
  value,
  options,
  required,
  onValue,
}: SelectProps) {
  return (
    <div className="field">
      <Label {...{ id, label, optional }} />
      <Hint id={id} hint={hint} />
      <select
        id={id}
        name={name}
        value={value}
        required={required}
        onChange={(event) => onValue(event.target.value)}
        {...describedBy(id, error, Boolean(hint))}
      >
        <option value="">Select…</option>
        {options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

interface ChoiceProps extends Omit<Common, 'optional'> {
  options: readonly string[];
  required?: boolean;
  children?: ReactNode;
}

interface RadioProps extends ChoiceProps {
  value: string;
  onValue: (value: string) => void;
}

/** A group of radio buttons in a fieldset; the legend is the question. */
export function RadioGroup({
  id,
  name,
  label,
  error,
  hint,
  value,
  options,
  required,
  onValue,
}: RadioProps) {
  return (
    <fieldset
      className="field field--choices"
      id={id}
      {...describedBy(id, error, Boolean(hint))}
      tabIndex={-1}
    >
      <legend className="field__label">{label}</legend>
      <Hint id={id} hint={hint} />
      {options.map((option, index) => (
        <label className="choice" key={option}>
          <input
            type="radio"
            name={name}
            value={option}
            checked={value === option}
            required={required && index === 0}
            onChange={() => onValue(option)}
          />
          <span>{option}</span>
        </label>
      ))}
      <FieldError id={`${id}-error`} message={error} />
    </fieldset>
  );
}

interface CheckboxProps extends ChoiceProps {
  values: readonly string[];
  onToggle: (option: string, checked: boolean) => void;
}

/** Several choices; ticking adds the value to the list, unticking removes it. */
export function CheckboxGroup({
  id,
  name,
  label,
  error,
  hint,
  values,
  options,
  onToggle,
}: CheckboxProps) {
  return (
    <fieldset
      className="field field--choices field--columns"
      id={id}
      {...describedBy(id, error, Boolean(hint))}
      tabIndex={-1}
    >
      <legend className="field__label">{label}</legend>
      <Hint id={id} hint={hint} />
      {options.map((option) => (
        <label className="choice" key={option}>
          <input
            type="checkbox"
            name={name}
            value={option}
            checked={values.includes(option)}
            onChange={(event) => onToggle(option, event.target.checked)}
          />
          <span>{option}</span>
        </label>
      ))}
      <FieldError id={`${id}-error`} message={error} />
    </fieldset>
  );
}
