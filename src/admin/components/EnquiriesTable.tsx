/**
 * The enquiries of one server page. A button sorts them by status (New → Lost, Lost → New, back to
 * newest first): a client-side sort of the page shown, since the API lists newest first only.
 */
import { useState, type ReactNode } from 'react';
import type { AdminEnquiry } from '../api/client';
import {
  displayValue,
  formatDate,
  languageName,
  nextSort,
  sortByStatus,
  type StatusSort,
} from '../display';
import { DEFAULT_STATUS } from '../../lib/schemas';
import { DEFAULT_LOCALE } from '../../i18n/locales';
import Button from './Button';
import EmailAddress from './EmailAddress';
import TableWrap from './TableWrap';

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

/** What the sort button says: the order shown now. */
const SORT_LABEL: Record<StatusSort, string> = {
  none: 'newest first',
  ascending: 'New to Lost',
  descending: 'Lost to New',
};

export default function EnquiriesTable({ enquiries, busy, onView, onDelete }: Props) {
  const [sort, setSort] = useState<StatusSort>('none');
  const shown = sortByStatus(enquiries, sort);
  return (
    <>
      {/* Outside the table: its header is hidden on narrow screens, where rows stack. */}
      <p className="admin-table-tools">
        <Button variant="secondary" onClick={() => setSort(nextSort(sort))}>
          Sort by status: {SORT_LABEL[sort]}
        </Button>
      </p>
      <TableWrap label="Enquiries">
        <table className="admin-table" aria-labelledby="enquiries-heading" aria-busy={busy}>
          <thead>
            <tr>
              {COLUMNS.map((column) => (
                <th key={column} scope="col" aria-sort={column === 'Status' ? sort : undefined}>
                  {column}
                </th>
              ))}
            </tr>
          </thead>
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
                displayValue(enquiry.phoneNumber),
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
