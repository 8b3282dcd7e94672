import { indexNotice } from '../display';

interface Props {
  pending: number;
  quarantined: readonly string[];
  /** Whether the list was narrowed by a search or a filter. */
  searched: boolean;
}

/** What a list's answer could not cover yet; the live region stays, empty, when it was complete. */
export default function IndexNotice({ pending, quarantined, searched }: Props) {
  const message = indexNotice(pending, quarantined, searched);
  return (
    <p className="admin-warning" role="status" data-empty={message === '' ? '' : undefined}>
      {message}
    </p>
  );
}
