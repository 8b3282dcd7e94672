interface Props {
  /** Nothing is shown while empty; the live region stays so later messages are announced. */
  message: string;
  id?: string;
}

/** A failure message (role="alert"), in danger colour with an icon, never colour alone. */
export default function Alert({ message, id }: Props) {
  return (
    <p className="admin-alert" role="alert" id={id} data-empty={message === '' ? '' : undefined}>
      {message}
    </p>
  );
}
