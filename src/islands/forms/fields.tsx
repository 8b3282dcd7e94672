import type {
  ChangeEvent,
  InputHTMLAttributes,
  ReactNode,
  SelectHTMLAttributes,
  TextareaHTMLAttributes,
} from 'react';
import { FieldError, describedBy } from './FieldError';

interface Common {
  id: string;
  name: string;
  label: string;
  error?: string | undefined;
  hint?: string | undefined;
  /** Said after the label, as "(optional)", so people know what they may skip. */
  optional?: string | undefined;
}

/** An option of a choice: its value as stored, and its label in the page's language. */
export interface Option {
  value: string;
  label: string;
}

/** A control that edits one text value. */
interface Editing {
  value: string;
  onValue: (value: string) => void;
}

/** What a control's own element takes beyond what `Common` and `Editing` give it. */
type Attributes<A> = Omit<A, keyof Common | keyof Editing | 'onChange'>;

function Hint({ id, hint }: { id: string; hint: string | undefined }) {
  return hint ? (
    <p className="field__hint" id={`${id}-hint`}>
      {hint}
    </p>
  ) : null;
}

/** One control in its frame: the label, the hint, the control, the error under it. */
function Field({
  id,
  label,
  optional,
  hint,
  error,
  children,
}: Omit<Common, 'name'> & { children: ReactNode }) {
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
        {optional && <span className="field__optional"> {optional}</span>}
      </label>
      <Hint id={id} hint={hint} />
      {children}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

/** What the element of every single control gets: its name and value, and its wiring. */
type ControlAttributes = {
  id: string;
  name: string;
  value: string;
  onChange: (event: ChangeEvent<{ value: string }>) => void;
} & ReturnType<typeof describedBy>;

/**
 * A single control in its frame; `render` draws the control from the attributes every control
 * gets (id, name, value, change handler, ARIA wiring to the hint and error) and its own.
 */
function inField<P extends Common & Editing>(
  { id, name, label, error, hint, optional, value, onValue, ...own }: P,
  render: (attributes: ControlAttributes & Omit<P, keyof Common | keyof Editing>) => ReactNode,
) {
  const attributes = {
    id,
    name,
    value,
    onChange: (event: ChangeEvent<{ value: string }>) => onValue(event.target.value),
    ...describedBy(id, error, Boolean(hint)),
    ...own,
  };
  return <Field {...{ id, label, optional, hint, error }}>{render(attributes)}</Field>;
}

type TextProps = Common & Editing & Attributes<InputHTMLAttributes<HTMLInputElement>>;

export function TextField(props: TextProps) {
  return inField(props, (attributes) => <input {...attributes} />);
}

type AreaProps = Common & Editing & Attributes<TextareaHTMLAttributes<HTMLTextAreaElement>>;

export function TextArea(props: AreaProps) {
  return inField(props, (attributes) => <textarea {...attributes} />);
}

type SelectProps = Common &
  Editing &
  Pick<SelectHTMLAttributes<HTMLSelectElement>, 'required'> & {
    options: readonly Option[];
    /** The empty first option's text, "Select…". */
    placeholder: string;
  };

export function SelectField({ options, placeholder, ...props }: SelectProps) {
  return inField(props, (attributes) => (
    <select {...attributes}>
      <option value="">{placeholder}</option>
      {options.map(({ value, label }) => (
        <option key={value} value={value}>
          {label}
        </option>
      ))}
    </select>
  ));
}

interface ChoiceProps extends Omit<Common, 'optional'> {
  options: readonly Option[];
}

/**
 * A fieldset of options, each a labelled radio button or checkbox; the legend is the question.
 * `input` gives each option's input its attributes.
 */
function Choices({
  id,
  label,
  error,
  hint,
  options,
  columns,
  input,
}: Omit<ChoiceProps, 'name'> & {
  columns?: boolean;
  input: (option: string, index: number) => InputHTMLAttributes<HTMLInputElement>;
}) {
  return (
    <fieldset
      className={columns ? 'field field--choices field--columns' : 'field field--choices'}
      id={id}
      {...describedBy(id, error, Boolean(hint))}
      tabIndex={-1}
    >
      <legend className="field__label">{label}</legend>
      <Hint id={id} hint={hint} />
      {options.map(({ value, label: text }, index) => (
        <label className="choice" key={value}>
          <input {...input(value, index)} />
          <span>{text}</span>
        </label>
      ))}
      <FieldError id={`${id}-error`} message={error} />
    </fieldset>
  );
}

interface RadioProps extends ChoiceProps, Editing {
  required?: boolean;
}

/** One choice of several, as radio buttons. */
export function RadioGroup({ name, value, required, onValue, ...group }: RadioProps) {
  return (
    <Choices
      {...group}
      input={(option, index) => ({
        type: 'radio',
        name,
        value: option,
        checked: value === option,
        // One required radio button makes the whole group required.
        required: required && index === 0,
        onChange: () => onValue(option),
      })}
    />
  );
}

interface CheckboxProps extends ChoiceProps {
  values: readonly string[];
  onToggle: (option: string, checked: boolean) => void;
}

/** Several choices; ticking adds the value to the list, unticking removes it. */
export function CheckboxGroup({ name, values, onToggle, ...group }: CheckboxProps) {
  return (
    <Choices
      {...group}
      columns
      input={(option) => ({
        type: 'checkbox',
        name,
        value: option,
        checked: values.includes(option),
        onChange: (event) => onToggle(option, event.target.checked),
      })}
    />
  );
}
