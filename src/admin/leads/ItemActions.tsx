import Button from '../components/Button';

interface Props {
  /** Whether the details are shown. */
  open: boolean;
  onToggle: () => void;
  /** The details' id. */
  controls: string;
  /** What a screen reader hears after View and Delete: 'message from Asha'. */
  what: string;
  onDelete: () => void;
}

/** A list item's View (Hide) and Delete buttons, each naming the record for screen readers. */
export default function ItemActions({ open, onToggle, controls, what, onDelete }: Props) {
  return (
    <span className="admin-actions">
      <Button variant="secondary" aria-expanded={open} aria-controls={controls} onClick={onToggle}>
        {open ? 'Hide' : 'View'}
        <span className="visually-hidden"> {what}</span>
      </Button>
      <Button variant="danger" onClick={onDelete}>
        Delete<span className="visually-hidden"> {what}</span>
      </Button>
    </span>
  );
}
