import { useRef, useState } from 'react';
import type { AdminEnquiry } from '../../api/leads';
import EnquiriesTable from './EnquiriesTable';
import EnquiryDetailsModal from './EnquiryDetailsModal';
import type { LeadItems } from '../../leads/LeadPanel';

/**
 * A page of enquiries as a table; View opens the details modal, which steps through the page in
 * the order shown; closing it returns focus to the View button of the enquiry last shown. A note
 * typed but not saved is kept per enquiry while the page is shown.
 */
export default function EnquiriesView({
  items,
  busy,
  onDelete,
  onChange,
}: LeadItems<AdminEnquiry>) {
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [order, setOrder] = useState<string[]>([]);
  const [drafts, setDrafts] = useState<Readonly<Record<string, string>>>({});
  const viewButton = useRef<HTMLButtonElement | null>(null);

  // The page's records as they are now (a follow-up change replaces one); a deleted one is gone.
  const shown = order.filter((id) => items.some((item) => item._id === id));
  const selected = items.find((item) => item._id === selectedId) ?? null;
  const index = selectedId === null ? -1 : shown.indexOf(selectedId);

  const view = (enquiry: AdminEnquiry, button: HTMLButtonElement, list: AdminEnquiry[]) => {
    viewButton.current = button;
    setOrder(list.map((item) => item._id));
    setSelectedId(enquiry._id);
  };

  const closed = () => {
    const id = selectedId;
    setSelectedId(null);
    const row = document.querySelector<HTMLButtonElement>(
      `tr[data-enquiry-id="${CSS.escape(id ?? '')}"] td[data-label="Actions"] button`,
    );
    (row ?? viewButton.current)?.focus();
  };

  return (
    <>
      <EnquiriesTable enquiries={items} busy={busy} onView={view} onDelete={onDelete} />
      <EnquiryDetailsModal
        enquiry={selected}
        onClose={closed}
        onChange={onChange}
        position={
          index < 0
            ? undefined
            : {
                index,
                total: shown.length,
                onStep: (step) => setSelectedId(shown[index + step] ?? selectedId),
              }
        }
        draft={selectedId ? drafts[selectedId] : undefined}
        onDraft={(text) => {
          if (selectedId) setDrafts((all) => ({ ...all, [selectedId]: text }));
        }}
      />
    </>
  );
}
