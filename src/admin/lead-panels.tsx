/**
 * The dashboard's panel of each kind of lead (src/lib/leads), in `LEAD_KINDS` order: the generic
 * panel (search, pages, delete) with the kind's own view of a page of records.
 */
import type { ComponentType } from 'react';
import { ENQUIRY, LEAD_KINDS, MESSAGE, type AnyLeadKind, type LeadKey } from '../lib/leads';
import type { Status } from '../lib/schemas';
import EnquiriesView from './components/EnquiriesView';
import LeadPanel, { type LeadItems, type LeadPanelProps } from './components/LeadPanel';
import MessagesView from './components/MessagesView';

function panelOf<T extends { _id: string; status?: Status }>(
  kind: AnyLeadKind,
  View: ComponentType<LeadItems<T>>,
): ComponentType<LeadPanelProps> {
  const Panel = (props: LeadPanelProps) => (
    <LeadPanel<T> kind={kind} {...props}>
      {(page) => <View {...page} />}
    </LeadPanel>
  );
  Panel.displayName = `LeadPanel(${kind.key})`;
  return Panel;
}

const PANELS: Record<LeadKey, ComponentType<LeadPanelProps>> = {
  [ENQUIRY.key]: panelOf(ENQUIRY, EnquiriesView),
  [MESSAGE.key]: panelOf(MESSAGE, MessagesView),
};

export const LEAD_PANELS = LEAD_KINDS.map((kind) => ({ kind, Panel: PANELS[kind.key] }));
