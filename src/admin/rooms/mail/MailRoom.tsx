/** /admin/mail: the e-mails not delivered, each with Retry now. */
import UndeliveredMail from './UndeliveredMail';
import type { RoomProps } from '..';

export default function MailRoom({ counts }: RoomProps) {
  return (
    <>
      {counts.undelivered === 0 && <p className="admin-count">Every e-mail has been delivered.</p>}
      <UndeliveredMail expanded />
    </>
  );
}
