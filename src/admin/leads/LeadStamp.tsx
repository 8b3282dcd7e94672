import { formatDate, languageName } from '../display';
import { DEFAULT_STATUS } from '../../lib/schemas';

interface Props {
  /** The record's date, the language it was sent in and its follow-up status (none yet: new). */
  record: { createdAt: string; lang?: string | undefined; status?: string | undefined };
}

/**
 * What every lead's row shows after its own facts: the date, the language and the status badge,
 * in the same words and order in every room (the generic LeadItem and the messages room's item).
 */
export default function LeadStamp({ record }: Props) {
  const status = record.status ?? DEFAULT_STATUS;
  return (
    <>
      <span className="admin-list__link admin-nowrap">{formatDate(record.createdAt)}</span>
      <span className="admin-list__link">{languageName(record.lang)}</span>
      <span className="admin-badge" data-status={status}>
        {status}
      </span>
    </>
  );
}
