interface Props {
  address: string;
}

/**
 * An address that never breaks at its "@": the local part may wrap anywhere when it must, the
 * "@domain" stays on one line. One element, one grid cell.
 */
export default function EmailAddress({ address }: Props) {
  const at = address.lastIndexOf('@');
  if (at < 0) return <span className="admin-email">{address}</span>;
  return (
    <span className="admin-email">
      <span className="admin-email__local">{address.slice(0, at)}</span>
      <span className="admin-nowrap">{address.slice(at)}</span>
    </span>
  );
}
