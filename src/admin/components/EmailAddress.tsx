interface Props {
  address: string;
}

/** An address that may wrap after its @ rather than anywhere; one element, one grid cell. */
export default function EmailAddress({ address }: Props) {
  const at = address.indexOf('@');
  if (at < 0) return <span>{address}</span>;
  return (
    <span>
      {address.slice(0, at + 1)}
      <wbr />
      {address.slice(at + 1)}
    </span>
  );
}
