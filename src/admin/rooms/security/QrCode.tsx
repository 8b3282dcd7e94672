import { encode } from 'uqr';

interface Props {
  /** What the code holds (an otpauth:// address). */
  value: string;
  /** Its text alternative. */
  label: string;
}

/**
 * A QR code drawn as one SVG path of dark squares on a light quiet zone, sharp at any size; its
 * colours come from the tokens (security.css).
 */
export default function QrCode({ value, label }: Props) {
  const { size, data } = encode(value, { ecc: 'M', border: 4 });
  const path = data
    .flatMap((row, y) => row.map((dark, x) => (dark ? `M${x} ${y}h1v1h-1z` : '')))
    .join('');
  return (
    <svg
      className="admin-qr"
      role="img"
      aria-label={label}
      viewBox={`0 0 ${size} ${size}`}
      shapeRendering="crispEdges"
    >
      <rect className="admin-qr__light" width={size} height={size} />
      <path className="admin-qr__dark" d={path} />
    </svg>
  );
}
