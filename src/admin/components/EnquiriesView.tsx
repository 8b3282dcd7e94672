import { useRef, useState } from 'react';
import type { AdminEnquiry } from '../api/client';
import EnquiriesTable from './EnquiriesTable';
import EnquiryDetailsModal from './EnquiryDetailsModal';
import type { LeadItems } from './LeadPanel';

/** A page of enquiries as a table; View opens the details modal, and closing it returns focus. */
export default function EnquiriesView({
  items,
  busy,
  onDelete,
  onChange,
}: LeadItems<AdminEnquiry>) {
  const [selected, setSelected] = useState<AdminEnquiry | null>(null);
  const viewButton = useRef<HTMLButtonElement | null>(null);

  const view = (enquiry: AdminEnquiry, button: HTMLButtonElement) => {
    viewButton.current = button;
    setSelected(enquiry);
  };

  const changed = (enquiry: AdminEnquiry) => {
    setSelected(enquiry);
    onChange(enquiry);
  };

  const closed = () => {
    setSelected(null);
    viewButton.current?.focus();
  };

  return (
    <>
      <EnquiriesTable enquiries={items} busy={busy} onView={view} onDelete={onDelete} />
      <EnquiryDetailsModal enquiry={selected} onClose={closed} onChange={changed} />
    </>
  );
}
