/** One page of the audit log, one row per record: when, what, on what, and by which session. */
import type { AuditEntry } from '../../api/audit';
import { auditEventLabel, auditTarget, displayValue, formatDate } from '../../display';
import TableWrap from '../../components/TableWrap';
import TableHead from '../../components/TableHead';

interface Props {
  records: AuditEntry[];
  /** A page is loading: the rows shown are about to change. */
  busy: boolean;
  /** The element that names the table (the section's heading). */
  labelledBy: string;
}

/** Each cell carries its column name for narrow screens' stacked layout. */
export default function AuditTable({ records, busy, labelledBy }: Props) {
  return (
    <TableWrap label="Audit records">
      <table
        className="admin-table admin-audit__table"
        aria-labelledby={labelledBy}
        aria-busy={busy}
      >
        <TableHead columns={['Time', 'Event', 'Target', 'Count', 'Client address', 'Session']} />
        <tbody>
          {records.map((record) => {
            const target = auditTarget(record.target);
            return (
              <tr key={record.id} data-audit-id={record.id}>
                <td data-label="Time">
                  <time dateTime={record.at}>{formatDate(record.at)}</time>
                </td>
                <td data-label="Event">{auditEventLabel(record.event)}</td>
                <td data-label="Target" className="admin-audit__code">
                  {target.full === undefined ? (
                    target.text
                  ) : (
                    <span title={target.full}>
                      <span aria-hidden="true">{target.text}</span>
                      <span className="visually-hidden">{target.full}</span>
                    </span>
                  )}
                </td>
                <td data-label="Count">{displayValue(record.count)}</td>
                <td data-label="Client address" className="admin-audit__code">
                  {displayValue(record.ip)}
                </td>
                <td data-label="Session" className="admin-audit__code">
                  {displayValue(record.session)}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </TableWrap>
  );
}
