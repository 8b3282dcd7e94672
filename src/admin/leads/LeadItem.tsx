import { useId, useState } from 'react';
import { downloadAttachment } from '../api/leads';
import { displayValue, formatPhone, mailtoHref, NOT_AVAILABLE } from '../display';
import { acknowledgementNote } from '../display/values';
import { sizeInWords } from '../../lib/file-size';
import { isRecord, type FollowUp } from '../../lib/schemas';
import type { AnyLeadKind } from '../../lib/leads';
import type { LeadSource } from '../../lib/leads/kind';
import { useFileDownload } from '../hooks/useFileDownload';
import ItemActions from './ItemActions';
import Alert from '../components/Alert';
import Button from '../components/Button';
import EmailAddress from '../components/EmailAddress';
import FollowUpPanel from './FollowUpPanel';
import LeadStamp from './LeadStamp';
import SourceDetails from './SourceDetails';

/** A record of any kind, as the admin API returns it. */
export type AnyLead = FollowUp & {
  _id: string;
  createdAt: string;
  lang?: string;
  source?: LeadSource;
};

/** Its fields by name (what the kind's declaration names them by). */
const fieldsOf = (record: AnyLead) => record as unknown as Readonly<Record<string, unknown>>;

interface Props<T extends AnyLead> {
  kind: AnyLeadKind;
  record: T;
  onDelete: (record: T) => void;
  /** The record after a follow-up change or a reload. */
  onChange: (record: T) => void;
}

/** The summary field's record field for a person's role: their name, address or phone. */
const personValue = (kind: AnyLeadKind, record: AnyLead, role: 'name' | 'email' | 'phone') => {
  const summaryField = kind.person[role];
  const field = summaryField === undefined ? undefined : kind.summary[summaryField];
  return field === undefined ? undefined : fieldsOf(record)[field as string];
};

/** A stored value as the office reads it: its name where the kind gives one, the phone formatted. */
function shown(kind: AnyLeadKind, field: string, record: AnyLead): string {
  const value = fieldsOf(record)[field];
  const named = typeof value === 'string' ? kind.list.valueNames?.[field]?.[value] : undefined;
  if (named !== undefined) return named;
  const text = displayValue(value);
  return field === (kind.person.phone && kind.summary[kind.person.phone]) && text !== NOT_AVAILABLE
    ? formatPhone(text)
    : text;
}

/** "PDF, 182 KB" of a record's file note. */
function fileFacts(note: unknown): string | undefined {
  if (!isRecord(note)) return undefined;
  return `${String(note['type']).toUpperCase()}, ${sizeInWords(Number(note['size']))}`;
}

/**
 * One record of any kind of lead, from its declaration alone: the person's name, the kind's
 * `list.facts`, the date, language and status; View shows its file's download (a kind with an
 * attachment), its follow-up (the kind's statuses, notes), every field the form asked in its
 * order (the e-mail's body field last, under its label) and where it came from; Delete asks
 * first (the panel does).
 */
export default function LeadItem<T extends AnyLead>({
  kind,
  record,
  onDelete,
  onChange,
}: Props<T>) {
  const [open, setOpen] = useState(false);
  const bodyId = useId();
  const who = displayValue(personValue(kind, record, 'name'));
  const email = personValue(kind, record, 'email');
  const mailto = mailtoHref(email);
  const skipped = acknowledgementNote(fieldsOf(record));
  const { attachment } = kind;
  const file = attachment && fieldsOf(record)[attachment.field];
  const body = kind.mail.body as string | undefined;
  const labels = kind.labels as Readonly<Record<string, string>>;
  const rows = Object.keys(labels).filter((field) => field !== body);
  const noun = kind.words.one;
  const { busy, error, download } = useFileDownload(() => downloadAttachment(kind, record._id));

  return (
    <li className="admin-list__item admin-message" data-lead-id={record._id}>
      <div className="admin-list__text">
        <strong>{who}</strong>
        {(kind.list.facts ?? []).map((field: string) => (
          <span className="admin-list__link" key={field} data-fact={field}>
            {shown(kind, field, record)}
          </span>
        ))}
        <LeadStamp record={record} />
      </div>
      <ItemActions
        open={open}
        onToggle={() => setOpen(!open)}
        controls={bodyId}
        what={`${noun} from ${who}`}
        onDelete={() => onDelete(record)}
      />
      <div className="admin-message__details" id={bodyId} hidden={!open}>
        {attachment && (
          <p className="admin-actions">
            <Button
              variant="primary"
              onClick={download}
              disabled={busy || fileFacts(file) === undefined}
            >
              Download {attachment.label}
              <span className="visually-hidden"> of {who}</span>
            </Button>
            <span className="admin-hint" data-file-facts>
              {fileFacts(file) ?? `No ${attachment.label} stored`}
              {isRecord(file) && typeof file['name'] === 'string' && file['name'] !== ''
                ? ` · sent as “${file['name']}”`
                : ''}
            </span>
          </p>
        )}
        <Alert message={error} />
        {open && <FollowUpPanel kind={kind} record={record} onChange={onChange} />}
        {skipped && <p className="admin-message__note">{skipped}</p>}
        <dl className="admin-details">
          {rows.map((field) => (
            <div key={field} data-field={field}>
              <dt>{labels[field]}</dt>
              <dd>
                {field === (kind.person.email && kind.summary[kind.person.email]) && mailto ? (
                  <a href={mailto}>
                    <EmailAddress address={String(email)} />
                  </a>
                ) : (
                  shown(kind, field, record)
                )}
              </dd>
            </div>
          ))}
        </dl>
        {body !== undefined && (
          <>
            <h3 className="admin-message__heading">{labels[body]}</h3>
            <p className="admin-message__body">{shown(kind, body, record)}</p>
          </>
        )}
        <SourceDetails source={record.source} />
      </div>
    </li>
  );
}
