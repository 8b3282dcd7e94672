import type { ReactNode } from 'react';
import type { Enquiry } from '../../lib/schemas';
import { displayValue, formatDate } from '../../lib/admin-display';

interface Props {
  enquiries: Enquiry[];
  busy: boolean;
  onView: (enquiry: Enquiry, button: HTMLButtonElement) => void;
  onDelete: (enquiry: Enquiry) => void;
}

/** SPEC §2 columns; each cell carries its column name for the stacked layout of narrow screens. */
const COLUMNS = [
  'Date',
  'Full Name',
  'Email',
  'Phone',
  'Type',
  'Capacity',
  'Timeline',
  'Actions',
] as const;

/** An address may wrap after its @ rather than anywhere. */
function breakableEmail(email: string): ReactNode {
  const at = email.indexOf('@');
  if (at < 0) return email;
  return (
    <>
      {email.slice(0, at + 1)}
      <wbr />
      {email.slice(at + 1)}
    </>
  );
}

export default function EnquiriesTable({ enquiries, busy, onView, onDelete }: Props) {
  return (
    <div className="admin-table-wrap">
      <table className="admin-table" aria-labelledby="enquiries-heading" aria-busy={busy}>
        <thead>
          <tr>
            {COLUMNS.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {enquiries.map((enquiry) => {
            const cells: ReactNode[] = [
              formatDate(enquiry.createdAt),
              displayValue(enquiry.fullName),
              breakableEmail(displayValue(enquiry.emailAddress)),
              displayValue(enquiry.phoneNumber),
              displayValue(enquiry.enquiryType),
              displayValue(enquiry.generatorCapacity),
              displayValue(enquiry.preferredTimeline),
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
                    <button
                      className="admin-btn admin-btn--secondary"
                      type="button"
                      onClick={(event) => onView(enquiry, event.currentTarget)}
                    >
                      View<span className="visually-hidden"> enquiry from {enquiry.fullName}</span>
                    </button>
                    <button
                      className="admin-btn admin-btn--danger"
                      type="button"
                      onClick={() => onDelete(enquiry)}
                    >
                      Delete
                      <span className="visually-hidden"> enquiry from {enquiry.fullName}</span>
                    </button>
                  </span>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
