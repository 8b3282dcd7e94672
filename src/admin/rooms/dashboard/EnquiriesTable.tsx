/**
 * The enquiries of one server page. The Order control shows the order in place and changes it:
 * newest first (the server's order), or by status (New to Lost, Lost to New), a client-side sort
 * of the page shown, since the API lists newest first only. The sorted header says so (aria-sort).
 */
import { useId, useState, type ReactNode } from 'react';
import type { AdminEnquiry } from '../../api/leads';
import {
  displayValue,
  formatPhone,
  formatDate,
  headerSort,
  languageName,
  SORT_LABELS,
  sortByStatus,
  type StatusSort,
} from '../../display';
import { DEFAULT_STATUS } from '../../../lib/schemas';
import { DEFAULT_LOCALE } from '../../../i18n/locales';
import Button from '../../components/Button';
import EmailAddress from '../../components/EmailAddress';
import TableHead from '../../components/TableHead';
import TableWrap from '../../components/TableWrap';

interface Props {
  enquiries: AdminEnquiry[];
  busy: boolean;
  /** View: the enquiry, its button, and the enquiries in the order shown (to step through). */
  onView: (enquiry: AdminEnquiry, button: HTMLButtonElement, shown: AdminEnquiry[]) => void;
  onDelete: (enquiry: AdminEnquiry) => void;
}

/**
 * The columns, in order; each cell carries its column name for narrow screens' stacked layout.
 * The language a lead wrote in shows under its name when it is not English (a column of its own
 * would push the table past its box at 1280 px beside the admin's navigation).
 */
const COLUMNS = [
  'Date',
  'Full Name',
  'Email',
  'Phone',
  'Type',
  'Capacity',
  'Timeline',
  'Status',
  'Actions',
] as const;

export default function EnquiriesTable({ enquiries, busy, onView, onDelete }: Props) {
  const orderId = useId();
  const [sort, setSort] = useState<StatusSort>('none');
  const shown = sortByStatus(enquiries, sort);
  return (
    <>
      {/* Outside the table: its header is hidden on narrow screens, where rows stack. */}
      <div className="admin-field admin-table-tools">
        <label htmlFor={orderId}>Order</label>
        <select
          id={orderId}
          value={sort}
          onChange={(event) => setSort(event.currentTarget.value as StatusSort)}
        >
          {Object.entries(SORT_LABELS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </div>
      <TableWrap label="Enquiries">
        <table className="admin-table" aria-labelledby="enquiries-heading" aria-busy={busy}>
          <TableHead columns={COLUMNS} sortOf={(column) => headerSort(column, sort)} />
          <tbody>
            {shown.map((enquiry) => {
              const cells: ReactNode[] = [
                <span className="admin-nowrap">{formatDate(enquiry.createdAt)}</span>,
                <span>
                  <span className="admin-lead-name">{displayValue(enquiry.fullName)}</span>
                  {enquiry.lang !== undefined && enquiry.lang !== DEFAULT_LOCALE && (
                    <span className="admin-lang">{languageName(enquiry.lang)}</span>
                  )}
                </span>,
                <EmailAddress address={displayValue(enquiry.emailAddress)} />,
                formatPhone(displayValue(enquiry.phoneNumber)),
                displayValue(enquiry.enquiryType),
                displayValue(enquiry.generatorCapacity),
                displayValue(enquiry.preferredTimeline),
                <span className="admin-badge" data-status={enquiry.status ?? DEFAULT_STATUS}>
                  {enquiry.status ?? DEFAULT_STATUS}
                </span>,
              ];
              return (
                <tr key={enquiry._id} data-enquiry-id={enquiry._id}>
                  {cells.map((cell, index) => (
                    <td key={COLUMNS[index]} data-label={COLUMNS[index]}>
                      {cell}
                    </td>
                  ))}
                  <td data-label="Actions">
                    <span className="admin-actions">
                      <Button
                        variant="secondary"
                        onClick={(event) => onView(enquiry, event.currentTarget, shown)}
                      >
                        View
                        <span className="visually-hidden"> enquiry from {enquiry.fullName}</span>
                      </Button>
                      <Button variant="danger" onClick={() => onDelete(enquiry)}>
                        Delete
                        <span className="visually-hidden"> enquiry from {enquiry.fullName}</span>
                      </Button>
                    </span>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </TableWrap>
    </>
  );
}
