import { useId, useState } from 'react';
import { ApiError, API_MESSAGES } from '../../api/client';
import { downloadAttachment, type AdminApplication } from '../../api/leads';
import { formatDate, formatPhone, languageName, mailtoHref } from '../../display';
import { acknowledgementNote } from '../../display/values';
import { DEFAULT_STATUS, OPEN_APPLICATION } from '../../../lib/schemas';
import { APPLICATION } from '../../../lib/leads';
import { saveFile } from '../../save-file';
import Alert from '../../components/Alert';
import FollowUpPanel from '../../leads/FollowUpPanel';
import SourceDetails from '../../leads/SourceDetails';
import Button from '../../components/Button';
import EmailAddress from '../../components/EmailAddress';

interface Props {
  application: AdminApplication;
  onDelete: (application: AdminApplication) => void;
  /** The application after a follow-up change or a reload. */
  onChange: (application: AdminApplication) => void;
}

const CV_TYPES: Readonly<Record<string, string>> = { pdf: 'PDF', docx: 'DOCX', odt: 'ODT' };

/** "PDF, 182 KB" */
function cvFacts(cv: AdminApplication['cv'] | undefined): string {
  if (!cv) return 'no CV stored';
  const size =
    cv.size >= 1024 * 1024
      ? `${(cv.size / (1024 * 1024)).toFixed(1)} MB`
      : `${Math.max(1, Math.round(cv.size / 1024))} KB`;
  return `${CV_TYPES[cv.type] ?? cv.type}, ${size}`;
}

/** The opening as the office reads it: its slug, or "Open application". */
export const openingName = (opening: string): string =>
  opening === OPEN_APPLICATION ? 'Open application' : opening;

/**
 * One job application: applicant, opening, date, language and status; View shows the CV's
 * download, the follow-up (the applications' statuses, notes), the contact details, the cover
 * note and the source; Delete removes the application and its CV.
 */
export default function ApplicationItem({ application, onDelete, onChange }: Props) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const bodyId = useId();
  const mailto = mailtoHref(application.email);
  const skipped = acknowledgementNote(application);
  const who = application.name;

  async function download() {
    setBusy(true);
    setError('');
    try {
      const { blob, filename } = await downloadAttachment(APPLICATION, application._id);
      saveFile(blob, filename);
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : API_MESSAGES.network);
    } finally {
      setBusy(false);
    }
  }

  return (
    <li className="admin-list__item admin-message" data-application-id={application._id}>
      <div className="admin-list__text">
        <strong>{who}</strong>
        <span>{openingName(application.opening)}</span>
        <span className="admin-list__link">{application.location}</span>
        <span className="admin-list__link admin-nowrap">{formatDate(application.createdAt)}</span>
        <span className="admin-list__link">{languageName(application.lang)}</span>
        <span className="admin-badge" data-status={application.status ?? DEFAULT_STATUS}>
          {application.status ?? DEFAULT_STATUS}
        </span>
      </div>
      <span className="admin-actions">
        <Button
          variant="secondary"
          aria-expanded={open}
          aria-controls={bodyId}
          onClick={() => setOpen(!open)}
        >
          {open ? 'Hide' : 'View'}
          <span className="visually-hidden"> application from {who}</span>
        </Button>
        <Button variant="danger" onClick={() => onDelete(application)}>
          Delete<span className="visually-hidden"> application from {who}</span>
        </Button>
      </span>
      <div className="admin-message__details" id={bodyId} hidden={!open}>
        <p className="admin-actions">
          <Button
            variant="primary"
            onClick={() => void download()}
            disabled={busy || !application.cv}
          >
            Download CV<span className="visually-hidden"> of {who}</span>
          </Button>
          <span className="admin-hint" data-cv-facts>
            {cvFacts(application.cv)}
            {application.cv?.name ? ` · sent as “${application.cv.name}”` : ''}
          </span>
        </p>
        <Alert message={error} />
        {open && <FollowUpPanel kind={APPLICATION} record={application} onChange={onChange} />}
        {skipped && <p className="admin-message__note">{skipped}</p>}
        <dl className="admin-details">
          <div>
            <dt>Email</dt>
            <dd>
              {mailto ? (
                <a href={mailto}>
                  <EmailAddress address={application.email} />
                </a>
              ) : (
                <EmailAddress address={application.email} />
              )}
            </dd>
          </div>
          <div>
            <dt>Phone</dt>
            <dd>
              <a href={`tel:${application.phone}`}>{formatPhone(application.phone)}</a>
            </dd>
          </div>
          <div>
            <dt>Current location</dt>
            <dd>{application.location}</dd>
          </div>
          <div>
            <dt>Opening</dt>
            <dd>{openingName(application.opening)}</dd>
          </div>
        </dl>
        <h3 className="admin-message__heading">Cover note</h3>
        <p className="admin-message__body">{application.coverNote || 'No cover note.'}</p>
        <SourceDetails source={application.source} />
      </div>
    </li>
  );
}
