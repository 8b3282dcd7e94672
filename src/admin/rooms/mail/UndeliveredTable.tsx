/** The e-mails not delivered, one row each: to whom, about which lead, how it stands, Retry now. */
import type { UndeliveredMail } from '../../../lib/schemas';
import { lastErrorText, leadKindName, mailKindText, mailState, nextTryText } from '../../display';
import Button from '../../components/Button';
import EmailAddress from '../../components/EmailAddress';
import TableHead from '../../components/TableHead';

interface Props {
  /** The element that names the table (the warning line). */
  labelledBy: string;
  mails: UndeliveredMail[];
  /** When the list was read (epoch ms): a next try before it is due now. */
  readAt: number;
  /** The key of the e-mail being sent now, if any: every Retry now waits for it. */
  sending: string | null;
  onRetry: (mail: UndeliveredMail) => void;
}

/** Each cell carries its column name for narrow screens' stacked layout. */
export default function UndeliveredTable({ labelledBy, mails, readAt, sending, onRetry }: Props) {
  return (
    <table className="admin-table admin-outbox__table" aria-labelledby={labelledBy}>
      <TableHead columns={['E-mail', 'To', 'Lead', 'Last error', 'State', 'Next try', 'Actions']} />
      <tbody>
        {mails.map((mail) => {
          const kind = leadKindName(mail.lead.store);
          return (
            <tr key={mail.key} data-outbox-key={mail.key}>
              <td data-label="E-mail">{mailKindText(mail)}</td>
              <td data-label="To">
                <EmailAddress address={mail.to} />
              </td>
              <td data-label="Lead">
                <span>
                  {kind} <span className="admin-outbox__id">{mail.lead.id}</span>
                </span>
              </td>
              <td data-label="Last error">{lastErrorText(mail)}</td>
              <td data-label="State">{mailState(mail)}</td>
              <td data-label="Next try">
                {mail.state === 'failed' || mail.nextAttemptAt === undefined ? (
                  nextTryText(mail, readAt)
                ) : (
                  <time dateTime={mail.nextAttemptAt}>{nextTryText(mail, readAt)}</time>
                )}
              </td>
              <td data-label="Actions">
                <Button
                  variant="secondary"
                  aria-disabled={sending !== null}
                  aria-busy={sending === mail.key}
                  onClick={() => onRetry(mail)}
                >
                  {sending === mail.key ? 'Sending…' : 'Retry now'}
                  <span className="visually-hidden">
                    {' '}
                    the {mail.kind === 'ack' ? 'acknowledgement' : 'e-mail'} to {mail.to} about{' '}
                    {kind} {mail.lead.id}
                  </span>
                </Button>
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
